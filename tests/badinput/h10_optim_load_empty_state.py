# badinput: optim load empty state
# expect-exit: 1
# expect-stderr: KeyError: 'param_groups'
import torch
import torch.nn as nn
import torch.nn.functional as F
o = torch.optim.SGD(nn.Linear(1, 1).parameters(), lr=0.1)
o.load_state_dict({})
