# badinput: torch.optim.lr_scheduler.OneCycleLR(torch.optim.SGD([torch.ones(1, requires_grad=True)], lr=1), max_lr=1, tota (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: ValueError:
import torch
import torch.nn.functional as F
torch.optim.lr_scheduler.OneCycleLR(torch.optim.SGD([torch.ones(1, requires_grad=True)], lr=1), max_lr=1, total_steps=0)
