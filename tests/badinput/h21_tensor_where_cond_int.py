# badinput: where with an int condition
# expect-exit: 1
# expect-stderr: RuntimeError: where expected condition to be a boolean tensor, but got a tensor with dtype Long
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.where(torch.tensor([1,0]), torch.ones(2), torch.zeros(2))
