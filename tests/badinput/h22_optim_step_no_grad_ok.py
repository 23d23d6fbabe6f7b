# badinput: optimizer.step() before any backward changes nothing
# expect-exit: 0
# expect-stdout: True
import torch
import torch.nn as nn
import torch.nn.functional as F
m = nn.Linear(1, 1)
w = m.weight.clone()
opt = torch.optim.SGD(m.parameters(), lr=0.1)
opt.step()
print(torch.equal(w, m.weight))
