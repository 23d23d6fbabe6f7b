# badinput: optimizer.load_state_dict without param_groups
# expect-exit: 1
# expect-stderr: KeyError: 'param_groups'
import torch
import torch.nn as nn
import torch.nn.functional as F
l=nn.Linear(2,2)
o=torch.optim.SGD(l.parameters(), lr=0.1)
o.load_state_dict({"state": {}})
