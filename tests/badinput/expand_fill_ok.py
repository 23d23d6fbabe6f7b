# badinput: fill_ and zero_ on an expand()ed view are fine (idempotent writes, as in PyTorch)
# expect-exit: 0
# expect-stdout: tensor([7., 7., 7.])
import torch
x = torch.zeros(1).expand(3)
x.fill_(7)
print(x)
