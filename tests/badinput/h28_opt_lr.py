# badinput: Adam with a negative learning rate
# expect-exit: 1
# expect-stderr: ValueError: Invalid learning rate: -0.1
import torch
w = torch.randn(3, requires_grad=True)
opt = torch.optim.Adam([w], lr=-0.1)
