# badinput: vjp with v given as a list
# expect-exit: 1
# expect-stderr: TypeError: The v given to vjp must be either a Tensor or a tuple of Tensors but the given v has type <class 'list'>.
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.autograd.functional.vjp(lambda x: x * 2, torch.ones(2), [torch.ones(2)])
