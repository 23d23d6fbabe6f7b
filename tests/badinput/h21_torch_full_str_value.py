# badinput: torch.full with a str fill
# expect-exit: 1
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.full((2,), 'a')
