# badinput: return types item
# expect-exit: 1
# expect-stderr: AttributeError: 'torch.return_types.max' object has no attribute 'item'
import torch
import torch.nn as nn
torch.zeros(2).max(dim=0).item()
