# badinput: a view made under no_grad of a tensor requiring grad: no grad_fn; in-place with grad on is refused
# (PyTorch 2.11 reports such a view's requires_grad as True, its base's; Kiln's is False: open, issue 31's note)
# expect-exit: 1
# expect-stderr: RuntimeError: A view was created in no_grad mode and is being modified inplace with grad mode enabled.
# expect-stdout: None True
import torch
a = torch.ones(3, requires_grad=True).clone()
with torch.no_grad():
    v = a[:2]
print(v.grad_fn, v._is_view())
v.mul_(2)
