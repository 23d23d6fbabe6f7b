# badinput: add_param_group with a parameter already present
# expect-exit: 1
# expect-stderr: ValueError: some parameters appear in more than one parameter group
import torch
import torch.nn as nn
import torch.nn.functional as F
l=nn.Linear(2,2)
o=torch.optim.SGD(l.parameters(), lr=0.1)
o.add_param_group({"params": l.weight})
