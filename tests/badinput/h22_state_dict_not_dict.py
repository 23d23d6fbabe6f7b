# badinput: load_state_dict given a model
# expect-exit: 1
# expect-stderr: TypeError: Expected state_dict to be dict-like, got <class 'torch.nn.modules.linear.Linear'>.
import torch
import torch.nn as nn
import torch.nn.functional as F
m = nn.Linear(2, 2)
m.load_state_dict(nn.Linear(2, 2))
