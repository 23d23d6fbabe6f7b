# badinput: cross_entropy with a negative class index
# expect-exit: 1
# expect-stderr: IndexError: Target -2 is out of bounds.
import torch
import torch.nn as nn
import torch.nn.functional as F
F.cross_entropy(torch.randn(3, 5), torch.tensor([1, -2, 0]))
