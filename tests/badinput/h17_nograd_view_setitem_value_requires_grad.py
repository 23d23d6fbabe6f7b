# badinput: item assignment into a no_grad view of a plain tensor, the value requiring grad (tracked, so refused)
# expect-exit: 1
# expect-stderr: RuntimeError: A view was created in no_grad mode and is being modified inplace with grad mode enabled.
import torch
a = torch.zeros(2, 3)
with torch.no_grad():
    v = a[0]
w = torch.ones(1, requires_grad=True)
v[1] = w
