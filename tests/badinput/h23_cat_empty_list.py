# badinput: torch.cat of an empty list
# expect-exit: 1
# expect-stderr: RuntimeError: torch.cat(): expected a non-empty list of Tensors
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.cat([]))
