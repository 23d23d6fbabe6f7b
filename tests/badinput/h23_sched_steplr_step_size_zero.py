# badinput: StepLR(step_size=0)
# expect-exit: 1
# expect-stderr: ZeroDivisionError: integer modulo by zero
import torch
import torch.nn as nn
import torch.nn.functional as F
l=nn.Linear(2,2)
o=torch.optim.SGD(l.parameters(), lr=0.1)
s=torch.optim.lr_scheduler.StepLR(o, step_size=0)
o.step(); s.step()
print(o.param_groups[0]["lr"])
