# badinput: a no_grad view read after its base was changed in place with grad on: grad_fn refuses (indirect rebase)
# expect-exit: 1
# expect-stderr: RuntimeError: A view was created in no_grad mode and its base or another view of its base has been modified inplace with grad mode enabled.
# expect-stdout: True None
import torch
a = torch.ones(3, requires_grad=True).clone()
with torch.no_grad():
    v = a[:2]
print(v.requires_grad, v.grad_fn)
a.mul_(2)
print(v.grad_fn)
