# badinput: roll with two shifts and no dims
# expect-exit: 1
# expect-stderr: RuntimeError: shifts and dimensions must align. shifts: 2, dims:0
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.roll(torch.ones(3), (1,2)))
