# badinput: index_select with a float index
# expect-exit: 1
# expect-stderr: RuntimeError: index_select(): Expected dtype int32 or int64 for index
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.index_select(torch.randn(3,3), 0, torch.tensor([0.]))
