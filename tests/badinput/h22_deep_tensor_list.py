# badinput: torch.tensor of a list nested 5000 deep
# expect-exit: 1
import torch
import torch.nn as nn
import torch.nn.functional as F
x = [1.0]
for _ in range(5000):
    x = [x]
torch.tensor(x)
