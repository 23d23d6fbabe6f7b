# badinput: PyTorch misuse: optimizer negative lr
# expect-exit: 1
# expect-stderr: ValueError: Invalid learning rate: -0.1
import torch
m = torch.nn.Linear(2, 2)
opt = torch.optim.Adam(m.parameters(), lr=-0.1)
