# badinput: a parameters() generator used by two optimizers
# expect-exit: 1
# expect-stderr: ValueError: optimizer got an empty parameter list
import torch
import torch.nn as nn
m = nn.Linear(2, 2)
p = m.parameters()
a = torch.optim.SGD(p, lr=0.1)
b = torch.optim.SGD(p, lr=0.1)
