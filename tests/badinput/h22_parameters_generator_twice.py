# badinput: listing one parameters() generator twice
# expect-exit: 0
# expect-stdout: 2 0
import torch
import torch.nn as nn
import torch.nn.functional as F
m = nn.Linear(2, 3)
p = m.parameters()
print(len(list(p)), len(list(p)))
