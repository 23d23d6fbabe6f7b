# badinput: nan loss backward ok (h10: ends normally, as in PyTorch)
# expect-exit: 0
# expect-stdout: tensor([nan])
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.tensor([0.0], requires_grad=True)
y = (x / x).sum()
y.backward()
print(x.grad)
