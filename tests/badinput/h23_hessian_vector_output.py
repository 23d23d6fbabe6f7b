# badinput: hessian of a function with a vector output
# expect-exit: 1
# expect-stderr: RuntimeError: The Tensor returned by the function given to hessian should contain a single element
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.autograd.functional.hessian(lambda x: x * 2, torch.ones(2))
