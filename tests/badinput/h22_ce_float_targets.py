# badinput: cross_entropy with float class targets
# expect-exit: 1
# expect-stderr: RuntimeError: expected scalar type Long but found Float
import torch
import torch.nn as nn
import torch.nn.functional as F
F.cross_entropy(torch.randn(3, 5), torch.tensor([1.0, 2.0, 3.0]))
