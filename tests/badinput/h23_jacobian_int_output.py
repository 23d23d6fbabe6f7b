# badinput: autograd.functional.jacobian of a function returning an int
# expect-exit: 1
# expect-stderr: TypeError: The outputs of the user-provided function given to jacobian must be either a Tensor or a tuple of Tensors but the given outputs of the user-provided function has type <class 'int'>.
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.autograd.functional.jacobian(lambda x: 3, torch.ones(2)))
