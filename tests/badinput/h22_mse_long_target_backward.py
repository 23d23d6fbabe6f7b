# badinput: mse_loss with an integer target, then backward
# expect-exit: 1
# expect-stderr: RuntimeError: Found dtype Long but expected Float
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.randn(3, requires_grad=True)
F.mse_loss(x, torch.tensor([1, 2, 3])).backward()
