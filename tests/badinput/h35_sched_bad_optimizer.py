# badinput: StepLR over an int
# expect-exit: 1
# expect-stderr: TypeError: int is not an Optimizer
import torch
torch.optim.lr_scheduler.StepLR(5, step_size=1)
