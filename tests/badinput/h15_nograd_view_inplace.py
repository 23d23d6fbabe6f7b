# badinput: a view made inside torch.no_grad() of a tensor that requires grad, then changed in place with grad mode on: PyTorch forbids it (CreationMeta NO_GRAD_MODE), Kiln ran it silently
# expect-exit: 1
# expect-stderr: RuntimeError: A view was created in no_grad mode and is being modified inplace with grad mode enabled. Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify your code by moving both the view and the inplace either both inside the no_grad block (if you don't want the inplace to be tracked) or both outside (if you want the inplace to be tracked).
import torch
x = torch.ones(3, requires_grad=True)
y = x * 2
with torch.no_grad():
    v = y[:2]
v.mul_(2)
