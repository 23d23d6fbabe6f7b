# badinput: hessian of x.pow(3).sum() is diag(6x)
# expect-exit: 0
# expect-stdout: [[6.0, 0.0], [0.0, 12.0]]
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.autograd.functional.hessian(lambda x: x.pow(3).sum(), torch.tensor([1., 2.])).tolist())
