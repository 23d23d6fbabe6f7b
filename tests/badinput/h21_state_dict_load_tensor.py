# badinput: load_state_dict given a tensor
# expect-exit: 1
# expect-stderr: TypeError: Expected state_dict to be dict-like, got <class 'torch.Tensor'>.
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Linear(2,2).load_state_dict(torch.zeros(2))
