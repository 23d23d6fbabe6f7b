# badinput: an optimizer given a spent parameters() generator
# expect-exit: 1
# expect-stderr: ValueError: optimizer got an empty parameter list
import torch
import torch.nn as nn
import torch.nn.functional as F
m = nn.Linear(2, 2)
p = m.parameters()
print(len(list(p)))
torch.optim.SGD(p, lr=0.1)
