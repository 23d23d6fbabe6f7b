# torch.autograd.graph's saved-tensor hooks and grad_fn._saved_<name>: the order in which an op's
# saved tensors reach pack_hook (PyTorch's generated order: mul saves other, then self; mm saves
# mat2, then self), unpack on every read (backward and _saved_ access), nesting (the innermost pair
# applies), non-tensor packed objects freed with the graph (__del__ after backward), save_on_cpu,
# disable_saved_tensors_hooks' error, an unpack hook returning a non-tensor, the second-backward
# error for freed saved tensors, _saved_result / _saved_self identity, and Node isinstance checks.
import gc

import torch
from torch.autograd.graph import Node, disable_saved_tensors_hooks, save_on_cpu, saved_tensors_hooks

log = []


def pack(t):
    log.append(("pack", tuple(t.shape), t.requires_grad))
    return t


def unpack(t):
    log.append(("unpack", tuple(t.shape)))
    return t


a = torch.ones(2, 3, requires_grad=True)
b = torch.full((3, 4), 0.5, requires_grad=True)
with saved_tensors_hooks(pack, unpack):
    c = a * 0.1
    d = c.mm(b)
    e = d.exp()
print(log)
log.clear()
e.sum().backward()
print(log)
print([round(v, 4) for v in a.grad[0].tolist()], [round(v, 4) for v in b.grad[:, 0].tolist()])

x = torch.arange(4.0, requires_grad=True)
y = x * x
print(y.grad_fn._saved_self is x, y.grad_fn._saved_other is x)
z = torch.tanh(x)
print(torch.equal(z.grad_fn._saved_result, z), z.grad_fn._saved_result is z)
p = x.pow(3)
print(p.grad_fn._saved_self is x)
for name in ("_saved_other", "_saved_exponentz", "nonsense"):
    try:
        getattr(p.grad_fn, name)
    except AttributeError as err:
        print("AttributeError:", err)
p.sum().backward()
try:
    p.grad_fn._saved_self
except RuntimeError as err:
    print("RuntimeError:", str(err)[:60])

# nesting: the inner pair wins; leaving it restores the outer one
tags = []
with saved_tensors_hooks(lambda t: tags.append("outer") or t, lambda t: t):
    (x * x).sum()
    with saved_tensors_hooks(lambda t: tags.append("inner") or t, lambda t: t):
        (x * x).sum()
    (x * x).sum()
print(tags)


class Box:
    alive = 0

    def __init__(self, t):
        self.t = t.clone()
        Box.alive += 1

    def __del__(self):
        Box.alive -= 1


with saved_tensors_hooks(Box, lambda box: box.t):
    w = (x.sin() * x).sum()
print("boxes alive:", Box.alive)
w.backward()
gc.collect()
print("boxes alive after backward:", Box.alive, [round(v, 4) for v in x.grad.tolist()])

with save_on_cpu(pin_memory=True):
    q = (a * b[:2, :3]).sum()
q.backward()
print(round(a.grad.sum().item(), 4))

with disable_saved_tensors_hooks("saved tensor hooks are off here"):
    try:
        with saved_tensors_hooks(pack, unpack):
            pass
    except RuntimeError as err:
        print("RuntimeError:", err)
with saved_tensors_hooks(pack, unpack):
    pass
print("enabled again")

with saved_tensors_hooks(lambda t: t, lambda t: "not a tensor"):
    r = x * x
try:
    r.sum().backward()
except TypeError as err:
    print("TypeError:", err)

print(isinstance(y.grad_fn, Node), isinstance(x, Node), issubclass(type(y.grad_fn), Node))
print(torch.autograd.graph.Node is Node)
