# badinput: nn.Linear(bias=0) is read as a truth value
# expect-exit: 0
# expect-stdout: None
import torch
import torch.nn as nn
import torch.nn.functional as F
print(nn.Linear(2, 2, bias=0).bias)
