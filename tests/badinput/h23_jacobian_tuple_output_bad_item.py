# badinput: jacobian whose tuple output holds a float
# expect-exit: 1
# expect-stderr: TypeError: The outputs of the user-provided function given to jacobian must be either a Tensor or a tuple of Tensors but the value at index 1 has type <class 'float'>.
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.autograd.functional.jacobian(lambda x: (x * 2, 1.5), torch.ones(2))
