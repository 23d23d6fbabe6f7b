# badinput: a forward pre-hook returning an int (the module gets it as its input)
# expect-exit: 1
# expect-stderr: TypeError: linear(): argument 'input' (position 1) must be Tensor, not int
import torch
m = torch.nn.Linear(2, 2)
m.register_forward_pre_hook(lambda mod, inp: 5)
m(torch.ones(2))
