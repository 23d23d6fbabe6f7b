# badinput: assigning a plain tensor to a parameter attribute
# expect-exit: 1
# expect-stderr: TypeError: cannot assign 'torch.FloatTensor' as parameter 'weight' (torch.nn.Parameter or None expected)
import torch
import torch.nn as nn
import torch.nn.functional as F
m = nn.Linear(2, 2)
m.weight = torch.ones(2, 2)
