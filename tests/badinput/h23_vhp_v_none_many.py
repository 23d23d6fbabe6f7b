# badinput: vhp without v on a multi-element input
# expect-exit: 1
# expect-stderr: RuntimeError: The vector v can only be None if the input to the user-provided function is a single Tensor with a single element.
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.autograd.functional.vhp(lambda x: x.sum(), torch.ones(2))
