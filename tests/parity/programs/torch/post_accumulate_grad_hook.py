# Tensor.register_post_accumulate_grad_hook (PyTorch's "optimizer step in backward" tutorial,
# intermediate_source/optimizer_step_in_backward_tutorial.py): hooks run with the leaf after its
# AccumulateGrad updated .grad, in registration order; handles remove them; the leaf's AccumulateGrad
# node is one object while it lives and runs its own pre- and post-hooks around the accumulation.
import torch

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.Tanh(), torch.nn.Linear(3, 2))
optimizer_dict = {p: torch.optim.SGD([p], lr=0.1) for p in model.parameters()}


def optimizer_hook(parameter) -> None:
    optimizer_dict[parameter].step()
    optimizer_dict[parameter].zero_grad()


handles = [p.register_post_accumulate_grad_hook(optimizer_hook) for p in model.parameters()]
x = torch.randn(5, 4)
for step in range(3):
    loss = model(x).pow(2).sum()
    loss.backward()
    print(step, round(loss.item(), 5), [p.grad for p in model.parameters()])
print(model[0].weight)
for h in handles:
    h.remove()
loss = model(x).pow(2).sum()
loss.backward()
print("after remove", model[2].bias.grad)

# order, the tensor itself, the gradient already accumulated, no grad mode inside the hook
w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
seen = []
w.register_post_accumulate_grad_hook(lambda p: seen.append(("first", p is w, p.grad.clone(), torch.is_grad_enabled())))
w.register_post_accumulate_grad_hook(lambda p: seen.append(("second", p.grad.sum().item())))
(w * w).sum().backward()
(w * 3).sum().backward()
print(seen)
print(type(w._post_accumulate_grad_hooks).__name__, len(w._post_accumulate_grad_hooks))
print(torch.tensor([1.0])._post_accumulate_grad_hooks)

# a leaf used twice: its hooks run once, after both gradients were summed
v = torch.tensor([0.5, -1.0], requires_grad=True)
calls = []
v.register_post_accumulate_grad_hook(lambda p: calls.append(p.grad.tolist()))
(v * 2 + v * v).sum().backward()
print(calls)

# a tensor register_hook on the same leaf runs first and its result is what accumulates
u = torch.tensor([1.0, 1.0], requires_grad=True)
order = []
u.register_hook(lambda g: order.append("tensor hook") or g * 10)
u.register_post_accumulate_grad_hook(lambda p: order.append(("post", p.grad.tolist())))
u.sum().backward()
print(order)

# backward(inputs=...) accumulates through the hooks too; autograd.grad accumulates nothing
a = torch.tensor([2.0], requires_grad=True)
b = torch.tensor([3.0], requires_grad=True)
log = []
a.register_post_accumulate_grad_hook(lambda p: log.append(("a", p.grad.item())))
b.register_post_accumulate_grad_hook(lambda p: log.append(("b", p.grad.item())))
(a * b).backward(inputs=[a])
print(log, b.grad)
torch.autograd.grad((a * b).sum(), [a, b])
print(log)

# in-place updates of the parameter inside the hook (the docstring's SGD example)
p = torch.tensor([0.0, 0.0, 0.0], requires_grad=True)
lr = 0.01
h = p.register_post_accumulate_grad_hook(lambda t: t.add_(t.grad, alpha=-lr))
p.backward(torch.tensor([1.0, 2.0, 3.0]))
print(p)
h.remove()

# errors
for make in (lambda: torch.tensor([1.0]), lambda: torch.tensor([1.0], requires_grad=True) * 2):
    try:
        make().register_post_accumulate_grad_hook(lambda t: None)
    except RuntimeError as e:
        print("RuntimeError:", e)
q = torch.tensor([1.0], requires_grad=True)
q.register_post_accumulate_grad_hook(lambda t: t.grad)
try:
    (q * 2).sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)
print(q.grad)

# the AccumulateGrad node: one object per leaf while it lives, with its own hooks
r = torch.tensor([1.0, 2.0], requires_grad=True)
acc = r.view_as(r).grad_fn.next_functions[0][0]
print(acc is r.expand_as(r).grad_fn.next_functions[0][0], acc.name(), acc.variable is r)
events = []
acc.register_prehook(lambda grad_outputs: events.append(("pre", grad_outputs)))
acc.register_hook(lambda grad_inputs, grad_outputs: events.append(("post", grad_inputs, grad_outputs, r.grad)))
(r * 4).sum().backward()
print(events)
y = r * r
print(y.grad_fn.next_functions[0][0] is acc, y.grad_fn.next_functions[1][0] is acc)
