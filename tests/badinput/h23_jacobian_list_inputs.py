# badinput: jacobian with a list of inputs (only a Tensor or a tuple of Tensors)
# expect-exit: 1
# expect-stderr: TypeError: The inputs given to jacobian must be either a Tensor or a tuple of Tensors but the given inputs has type <class 'list'>.
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.autograd.functional.jacobian(lambda a, b: a * b, [torch.ones(2), torch.ones(2)])
