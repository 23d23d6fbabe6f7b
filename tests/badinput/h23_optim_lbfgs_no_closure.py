# badinput: LBFGS.step() without a closure
# expect-exit: 1
# expect-stderr: TypeError: LBFGS.step() missing 1 required positional argument: 'closure'
import torch
import torch.nn as nn
import torch.nn.functional as F
l=nn.Linear(2,2)
o=torch.optim.LBFGS(l.parameters())
o.step()
