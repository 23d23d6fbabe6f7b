# badinput: interpolate huge scale
# expect-exit: 1
# expect-stderr: you tried to allocate 64000000000000 bytes.
import torch
import torch.nn.functional as F
F.interpolate(torch.ones(1, 1, 4, 4), scale_factor=10 ** 6)
