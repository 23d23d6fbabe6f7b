# badinput: StepLR without step_size
# expect-exit: 1
# expect-stderr: TypeError: StepLR.__init__() missing 1 required positional argument: 'step_size'
import torch
import torch.nn as nn
import torch.nn.functional as F
opt = torch.optim.SGD(nn.Linear(1, 1).parameters(), lr=0.1)
torch.optim.lr_scheduler.StepLR(opt)
