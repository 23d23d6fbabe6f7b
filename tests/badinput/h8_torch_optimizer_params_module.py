# badinput: PyTorch misuse: optimizer params module
# expect-exit: 1
# expect-stderr: TypeError: 'Linear' object is not iterable
import torch
m = torch.nn.Linear(2, 2)
opt = torch.optim.Adam(m, lr=0.1)
