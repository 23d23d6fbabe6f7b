# badinput: a tensor hook that calls backward on another graph
# expect-exit: 1
# expect-stderr: RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn
import torch
a = torch.ones(2, requires_grad=True)
b = torch.ones(2, requires_grad=True)
def hook(g):
    (b * 3).sum().backward()
    return g
y = a * 2
y.register_hook(hook)
y.sum().backward()
print(a.grad, b.grad)
