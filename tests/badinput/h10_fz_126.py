# badinput: torch.optim.lr_scheduler.ReduceLROnPlateau(torch.optim.SGD([torch.ones(1, requires_grad=True)], lr=1), mode="b (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: ValueError:
import torch
import torch.nn.functional as F
torch.optim.lr_scheduler.ReduceLROnPlateau(torch.optim.SGD([torch.ones(1, requires_grad=True)], lr=1), mode="bad")
