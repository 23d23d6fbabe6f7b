# badinput: index_select with a matrix index
# expect-exit: 1
# expect-stderr: IndexError: index_select(): Index is supposed to be a vector
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.index_select(torch.randn(3,3), 0, torch.tensor([[0]]))
