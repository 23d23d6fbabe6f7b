# badinput: PyTorch misuse: scheduler not optimizer
# expect-exit: 1
# expect-stderr: TypeError: list is not an Optimizer
import torch
s = torch.optim.lr_scheduler.StepLR([1], step_size=1)
