# badinput: a view made under no_grad of a tensor requiring grad: requires_grad follows the base, no grad_fn; in-place with grad on is refused
# expect-exit: 1
# expect-stderr: RuntimeError: A view was created in no_grad mode and is being modified inplace with grad mode enabled.
# expect-stdout: None True True True
import torch
a = torch.ones(3, requires_grad=True).clone()
with torch.no_grad():
    v = a[:2]
print(v.grad_fn, v._is_view(), v.requires_grad, v.is_leaf)
v.mul_(2)
