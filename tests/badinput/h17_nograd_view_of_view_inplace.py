# badinput: a grad-mode view of a no_grad view (it has a grad_fn) changed in place: the "view of a view" text
# expect-exit: 1
# expect-stderr: RuntimeError: Output 0 of SliceBackward0 is a view of a view which was created in no_grad mode and is being modified inplace with grad mode enabled.
# expect-stdout: True SliceBackward0
import torch
a = torch.ones(4, requires_grad=True) * 2
with torch.no_grad():
    v = a[:3]
u = v[1:]
print(u.requires_grad, type(u.grad_fn).__name__)
u.zero_()
