# badinput: mark_dynamic of a list instead of a tensor
# expect-exit: 1
# expect-stderr: AttributeError: 'list' object has no attribute '_dynamo_dynamic_indices'
import torch
import torch.nn as nn
import torch.nn.functional as F
torch._dynamo.mark_dynamic([1, 2], 0)
