# badinput: assign int to parameter
# expect-exit: 1
# expect-stderr: TypeError: cannot assign 'int' as parameter 'weight' (torch.nn.Parameter or None expected)
import torch
import torch.nn as nn
import torch.nn.functional as F
m = nn.Linear(1, 1)
m.weight = 5
