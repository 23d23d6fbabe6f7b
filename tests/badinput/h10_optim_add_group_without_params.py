# badinput: add_param_group without "params"
# expect-exit: 1
# expect-stderr: KeyError: 'params'
import torch
o = torch.optim.SGD([torch.ones(1, requires_grad=True)], lr=0.1)
o.add_param_group({"lr": 0.5})
