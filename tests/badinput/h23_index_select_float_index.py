# badinput: index_select with a float index
# expect-exit: 1
# expect-stderr: RuntimeError: index_select(): Expected dtype int32 or int64 for index
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.ones(3).index_select(0, torch.tensor([1.0])))
