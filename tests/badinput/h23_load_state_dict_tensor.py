# badinput: load_state_dict of a tensor
# expect-exit: 1
# expect-stderr: TypeError: Expected state_dict to be dict-like, got <class 'torch.Tensor'>.
import torch
import torch.nn as nn
import torch.nn.functional as F
m=nn.Linear(2,2)
m.load_state_dict(torch.ones(2))
