# badinput: Optimizer.load_state_dict of a dict without param_groups
# expect-exit: 1
# expect-stderr: KeyError: 'param_groups'
import torch
p = torch.nn.Parameter(torch.ones(3))
o = torch.optim.Adam([p])
o.load_state_dict({"foo": 1})
