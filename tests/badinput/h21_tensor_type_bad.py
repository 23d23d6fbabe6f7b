# badinput: Tensor.type with an unknown name
# expect-exit: 1
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.zeros(3).type('torch.Foo')
