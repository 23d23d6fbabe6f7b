# badinput: LBFGS.step() without its closure
# expect-exit: 1
# expect-stderr: TypeError: LBFGS.step() missing 1 required positional argument: 'closure'
import torch
p = torch.nn.Parameter(torch.ones(3))
o = torch.optim.LBFGS([p])
o.step()
