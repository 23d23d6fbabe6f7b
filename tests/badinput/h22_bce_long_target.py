# badinput: binary_cross_entropy with an integer target
# expect-exit: 1
# expect-stderr: RuntimeError: Found dtype Long but expected Float
import torch
import torch.nn as nn
import torch.nn.functional as F
F.binary_cross_entropy(torch.rand(3), torch.tensor([1, 0, 1]))
