# badinput: torch.optim.lr_scheduler.StepLR(torch.optim.SGD([torch.ones(1, requires_grad=True)], lr=1), step_size=0).step( (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: ZeroDivisionError:
import torch
import torch.nn.functional as F
torch.optim.lr_scheduler.StepLR(torch.optim.SGD([torch.ones(1, requires_grad=True)], lr=1), step_size=0).step()
