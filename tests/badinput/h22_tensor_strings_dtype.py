# badinput: torch.tensor of strings with a dtype (no inference: the sizes walk)
# expect-exit: 1
# expect-stderr: ValueError: too many dimensions 'str'
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.tensor(['a', 'b'], dtype=torch.float32)
