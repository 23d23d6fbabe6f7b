# badinput: a scheduler given the model
# expect-exit: 1
# expect-stderr: TypeError: Linear is not an Optimizer
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.optim.lr_scheduler.StepLR(nn.Linear(1, 1), step_size=1)
