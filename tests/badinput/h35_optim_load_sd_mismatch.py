# badinput: Optimizer.load_state_dict from an optimizer over more parameters
# expect-exit: 1
# expect-stderr: ValueError: loaded state dict contains a parameter group that doesn't match the size of optimizer's group
import torch
p = torch.nn.Parameter(torch.ones(3))
q = torch.nn.Parameter(torch.ones(3))
o = torch.optim.Adam([p, q])
o2 = torch.optim.Adam([p])
o2.load_state_dict(o.state_dict())
