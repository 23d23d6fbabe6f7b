# badinput: F.embedding with a 1-D weight
# expect-exit: 1
# expect-stderr: RuntimeError: 'weight' must be 2-D
import torch
import torch.nn as nn
import torch.nn.functional as F
F.embedding(torch.tensor([0]), torch.randn(3))
