# badinput: where int cond
# expect-exit: 1
# expect-stderr: RuntimeError: where expected condition to be a boolean tensor, but got a tensor with dtype Long
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.where(torch.ones(2, dtype=torch.long), torch.ones(2), torch.zeros(2))
