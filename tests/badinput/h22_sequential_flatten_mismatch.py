# badinput: Sequential: Flatten then a Linear sized for the wrong image
# expect-exit: 1
# expect-stderr: RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x2704 and 3136x10)
import torch
import torch.nn as nn
import torch.nn.functional as F
m = nn.Sequential(nn.Conv2d(1, 4, 3), nn.Flatten(), nn.Linear(4 * 28 * 28, 10))
m(torch.randn(2, 1, 28, 28))
