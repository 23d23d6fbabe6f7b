# badinput: torch.optim.lr_scheduler.LambdaLR(torch.optim.SGD([torch.ones(1, requires_grad=True)], lr=1), lr_lambda=5) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: TypeError:
import torch
import torch.nn.functional as F
torch.optim.lr_scheduler.LambdaLR(torch.optim.SGD([torch.ones(1, requires_grad=True)], lr=1), lr_lambda=5)
