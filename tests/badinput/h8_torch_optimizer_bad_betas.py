# badinput: PyTorch misuse: optimizer bad betas
# expect-exit: 1
# expect-stderr: ValueError: Invalid beta parameter at index 1: 1.0
import torch
m = torch.nn.Linear(2, 2)
opt = torch.optim.Adam(m.parameters(), betas=(0.9, 1.0))
