# badinput: torch.optim.LBFGS([torch.ones(1, requires_grad=True)]).step() (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: TypeError:
import torch
import torch.nn.functional as F
torch.optim.LBFGS([torch.ones(1, requires_grad=True)]).step()
