# badinput: detach_() on a view of a tensor requiring grad
# expect-exit: 1
# expect-stderr: RuntimeError: Can't detach views in-place. Use detach() instead. If you are using DistributedDataParallel (DDP) for training
# expect-stdout: True
import torch
a = torch.ones(4, requires_grad=True) * 2
v = a[:2]
print(v.requires_grad)
v.detach_()
