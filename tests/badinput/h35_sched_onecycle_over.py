# badinput: OneCycleLR stepped past total_steps
# expect-exit: 1
# expect-stderr: ValueError: Tried to step 3 times. The specified number of total steps is 2
import torch
p = torch.nn.Parameter(torch.ones(3))
o = torch.optim.SGD([p], lr=0.1)
s = torch.optim.lr_scheduler.OneCycleLR(o, max_lr=1.0, total_steps=2)
for i in range(4):
    o.step(); s.step()
