# badinput: PyTorch misuse: optimizer load state dict mismatch
# expect-exit: 1
# expect-stderr: ValueError: loaded state dict contains a parameter group that doesn't match the size of optimizer's group
import torch
m = torch.nn.Linear(2, 2)
opt = torch.optim.SGD(m.parameters(), lr=0.1)
opt2 = torch.optim.SGD([m.weight], lr=0.1)
opt2.load_state_dict(opt.state_dict())
