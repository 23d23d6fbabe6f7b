# badinput: Optimizer.load_state_dict with a different number of parameter groups: PyTorch's ValueError
# expect-exit: 1
# expect-stderr: ValueError: loaded state dict has a different number of parameter groups
import torch
p = torch.nn.Parameter(torch.ones(2))
q = torch.nn.Parameter(torch.ones(2))
o = torch.optim.SGD([p], lr=0.1)
o2 = torch.optim.SGD([{'params': [p]}, {'params': [q]}], lr=0.1)
o.load_state_dict(o2.state_dict())
