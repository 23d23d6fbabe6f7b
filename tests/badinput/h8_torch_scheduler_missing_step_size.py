# badinput: PyTorch misuse: scheduler missing step size
# expect-exit: 1
# expect-stderr: TypeError: StepLR.__init__() missing 1 required positional argument: 'step_size'
import torch
m = torch.nn.Linear(2, 2)
opt = torch.optim.SGD(m.parameters(), lr=0.1)
s = torch.optim.lr_scheduler.StepLR(opt)
