# badinput: a no_grad view of a plain tensor overwritten in place from a tensor requiring grad (PyTorch's check_inplace counts every input)
# expect-exit: 1
# expect-stderr: RuntimeError: A view was created in no_grad mode and is being modified inplace with grad mode enabled.
# expect-stdout: False
import torch
a = torch.zeros(4)
with torch.no_grad():
    v = a[1:3]
w = torch.ones(2, requires_grad=True)
print(v.requires_grad)
v.copy_(w)
