# badinput: PyTorch misuse: optimizer generator consumed
# expect-exit: 1
# expect-stderr: ValueError: optimizer got an empty parameter list
import torch
m = torch.nn.Linear(2, 2)
ps = m.parameters()
opt1 = torch.optim.SGD(ps, lr=0.1)
opt2 = torch.optim.SGD(ps, lr=0.1)
