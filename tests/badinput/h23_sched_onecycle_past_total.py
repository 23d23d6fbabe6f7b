# badinput: OneCycleLR stepped past total_steps
# expect-exit: 1
# expect-stderr: ValueError: Tried to step 3 times. The specified number of total steps is 2
import torch
import torch.nn as nn
import torch.nn.functional as F
l=nn.Linear(2,2)
o=torch.optim.SGD(l.parameters(), lr=0.1)
s=torch.optim.lr_scheduler.OneCycleLR(o, max_lr=1, total_steps=2)
for _ in range(4):
    o.step(); s.step()
