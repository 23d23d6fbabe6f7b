# badinput: hvp of a function returning a tuple
# expect-exit: 1
# expect-stderr: RuntimeError: The function given to hvp should return a single Tensor
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.autograd.functional.hvp(lambda x: (x.sum(),), torch.ones(2), torch.ones(2))
