# badinput: an int64 product wrapping past 2**64
# expect-exit: 0
# expect-stdout: tensor(0)
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.tensor([2**40, 2**40]).prod())
