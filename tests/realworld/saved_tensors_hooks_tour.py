# Real-program corpus (tests/realworld, see README.md): the "Hooks for autograd saved tensors"
# tutorial in order: the `_saved_self` / `_saved_other` / `_saved_result` attributes of grad_fn
# nodes (identity for inputs, a fresh object sharing storage for outputs), packing and unpacking
# through torch.autograd.graph.saved_tensors_hooks with printing hooks, hooks that scale, that
# return an int index into a list, a (tensor, closure) tuple or a repr string evaluated back,
# (device, cpu tensor) pairs, torch.autograd.graph.save_on_cpu(pin_memory=True) inside a module's
# forward and around a wrapped submodule, hooks that torch.save each saved tensor to a temporary
# directory (uuid names) and torch.load it back, the double-access failure when unpack deletes the
# file, a self-deleting temp file whose __del__ removes it once autograd frees the packed object,
# a size threshold deciding what goes to disk, and nn.DataParallel around such a module.
# Origin: pytorch/tutorials intermediate_source/autograd_saved_tensors_hooks_tutorial.py @
# 4a7bbb95617c3205bf25a5b37e262d577eb82847.
# Written for Kiln, not copied. Changes: seeded; tensors are printed rounded where they are random;
# the pack/unpack hooks with side effects print what they saw instead of the whole tensor when it is
# random; the naive tmp_dir "temp" version is only defined, as in the tutorial; the disk threshold
# example runs a forward/backward (the tutorial only builds the model; its pack_hook saves the global
# name `tensor`, a NameError when it runs, so here it saves `x`) and counts the files left behind.
import torch

torch.manual_seed(0)


def r(t):
    return [round(v, 4) for v in t.tolist()]


a = torch.randn(5, requires_grad=True)
b = torch.ones(5, requires_grad=True)
y = a * b
print(r(y.grad_fn._saved_self))
print(r(y.grad_fn._saved_other))


def f(x):
    return x * x


x = torch.randn(5, requires_grad=True)
y = f(f(f(x)))
print(type(y.grad_fn).__name__, type(y.grad_fn.next_functions[0][0]).__name__)

a = torch.randn(5, requires_grad=True)
b = torch.ones(5, requires_grad=True)
y = a * b
print(y.grad_fn._saved_self is a)   # True
print(y.grad_fn._saved_other is b)  # True

a = torch.randn(5, requires_grad=True)
y = torch.exp(a)
print(y.grad_fn._saved_result.equal(y))  # True
print(y.grad_fn._saved_result is y)      # False
print(y.grad_fn._saved_result.untyped_storage().data_ptr() == y.untyped_storage().data_ptr())


def pack_hook(x):
    print("Packing", x)
    return x


def unpack_hook(x):
    print("Unpacking", x)
    return x


a = torch.ones(5, requires_grad=True)
b = torch.ones(5, requires_grad=True) * 2

with torch.autograd.graph.saved_tensors_hooks(pack_hook, unpack_hook):
    y = a * b

y.sum().backward()
print(a.grad)

x = torch.randn(5, requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(lambda x: x * 4, lambda x: x / 4):
    y = torch.pow(x, 2)
y.sum().backward()
assert(x.grad.equal(2 * x))
print("scaled hooks ok")

storage = []


def pack(x):
    storage.append(x)
    return len(storage) - 1


def unpack(x):
    return storage[x]


x = torch.randn(5, requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    y = x * x
y.sum().backward()
assert(x.grad.equal(2 * x))
print("int hooks ok, stored", len(storage))


def pack(x):
    delta = torch.randn(*x.size())
    return x - delta, lambda x: x + delta


def unpack(packed):
    x, f = packed
    return f(x)


x = torch.randn(5, requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    y = x * x
y.sum().backward()
assert(torch.allclose(x.grad, 2 * x))
print("tuple hooks ok")

x = torch.randn(5, requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(lambda x: repr(x), lambda x: eval("torch." + x)):
    y = x * x
y.sum().backward()
assert(torch.all(x.grad - 2 * x <= 1e-4))
print("str hooks ok")


def pack_hook(x):
    return (x.device, x.cpu())


def unpack_hook(packed):
    device, tensor = packed
    return tensor.to(device)


x = torch.randn(5, requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(pack_hook, unpack_hook):
    y = x * x
y.sum().backward()
print(torch.allclose(x.grad, (2 * x)))

import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(5))

    def forward(self, x):
        with torch.autograd.graph.save_on_cpu(pin_memory=True):
            # some computation
            return self.w * x


x = torch.randn(5)
model = Model()
loss = model(x).sum()
loss.backward()
print(torch.allclose(model.w.grad, x))


class SaveToCpu(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module

    def forward(self, *args, **kwargs):
        with torch.autograd.graph.save_on_cpu(pin_memory=True):
            return self.module(*args, **kwargs)


model = nn.Sequential(
    nn.Linear(10, 100),
    SaveToCpu(nn.Linear(100, 100)),
    nn.Linear(100, 10),
)

x = torch.randn(10)
loss = model(x).sum()
loss.backward()
print(model)
print(round(model[1].module.weight.grad.abs().sum().item(), 3))

# Naive version - HINT: Don't do this

import uuid
import os
tmp_dir = "temp"


def pack_hook(tensor):
    name = os.path.join(tmp_dir, str(uuid.uuid4()))
    torch.save(tensor, name)
    return name


def unpack_hook(name):
    return torch.load(name)


# Incorrect version - HINT: Don't do this

import tempfile
tmp_dir_obj = tempfile.TemporaryDirectory()
tmp_dir = tmp_dir_obj.name


def pack_hook(tensor):
    name = os.path.join(tmp_dir, str(uuid.uuid4()))
    torch.save(tensor, name)
    return name


def unpack_hook(name):
    tensor = torch.load(name)
    os.remove(name)
    return tensor


x = torch.ones(5, requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(pack_hook, unpack_hook):
    y = x.pow(2)
print(y.grad_fn._saved_self)
try:
    print(y.grad_fn._saved_self)
    print("Double access succeeded!")
except:
    print("Double access failed!")


class SelfDeletingTempFile():
    def __init__(self):
        self.name = os.path.join(tmp_dir, str(uuid.uuid4()))

    def __del__(self):
        os.remove(self.name)


def pack_hook(tensor):
    temp_file = SelfDeletingTempFile()
    torch.save(tensor, temp_file.name)
    return temp_file


def unpack_hook(temp_file):
    return torch.load(temp_file.name)


x = torch.ones(5, requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(pack_hook, unpack_hook):
    y = x.pow(2)
print("files while the graph lives:", len(os.listdir(tmp_dir)))
y.sum().backward()
print(x.grad)
del y
print("files after backward:", len(os.listdir(tmp_dir)))

# Only save on disk tensors that have size >= 1000
SAVE_ON_DISK_THRESHOLD = 1000


def pack_hook(x):
    if x.numel() < SAVE_ON_DISK_THRESHOLD:
        return x
    temp_file = SelfDeletingTempFile()
    torch.save(x, temp_file.name)
    return temp_file


def unpack_hook(tensor_or_sctf):
    if isinstance(tensor_or_sctf, torch.Tensor):
        return tensor_or_sctf
    return torch.load(tensor_or_sctf.name)


class SaveToDisk(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module

    def forward(self, *args, **kwargs):
        with torch.autograd.graph.saved_tensors_hooks(pack_hook, unpack_hook):
            return self.module(*args, **kwargs)


net = nn.DataParallel(SaveToDisk(Model()))
print(net)
big = nn.Sequential(nn.Linear(40, 50), SaveToDisk(nn.Sequential(nn.Linear(50, 50), nn.Tanh())), nn.Linear(50, 1))
out = big(torch.randn(30, 40)).sum()
print("files while the graph lives:", len(os.listdir(tmp_dir)))
out.backward()
del out
print("files after backward:", len(os.listdir(tmp_dir)))
print(round(big[1].module[0].weight.grad.abs().sum().item(), 3))
tmp_dir_obj.cleanup()
