# badinput: Optimizer.load_state_dict whose group holds another number of parameters: PyTorch's ValueError
# expect-exit: 1
# expect-stderr: ValueError: loaded state dict contains a parameter group that doesn't match the size of optimizer's group
import torch
p = torch.nn.Parameter(torch.ones(2))
q = torch.nn.Parameter(torch.ones(2))
o = torch.optim.SGD([p], lr=0.1)
o2 = torch.optim.SGD([p, q], lr=0.1)
o.load_state_dict(o2.state_dict())
