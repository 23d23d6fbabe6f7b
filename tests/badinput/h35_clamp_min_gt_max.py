# badinput: clamp with min above max gives max
# expect-exit: 0
# expect-stdout: tensor([1., 1., 1.])
import torch
print(torch.clamp(torch.arange(3.), min=2, max=1))
