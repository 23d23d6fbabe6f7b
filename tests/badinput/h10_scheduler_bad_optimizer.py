# badinput: scheduler bad optimizer
# expect-exit: 1
# expect-stderr: TypeError: int is not an Optimizer
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.optim.lr_scheduler.StepLR(5, step_size=1)
