# badinput: cross_entropy given a list
# expect-exit: 1
# expect-stderr: TypeError: cross_entropy_loss(): argument 'input' (position 1) must be Tensor, not list
import torch
import torch.nn as nn
import torch.nn.functional as F
F.cross_entropy([[0.1, 0.9]], torch.tensor([1]))
