# badinput: binary_cross_entropy of values outside [0, 1]
# expect-exit: 1
# expect-stderr: RuntimeError: all elements of input should be between 0 and 1
import torch
import torch.nn as nn
import torch.nn.functional as F
F.binary_cross_entropy(torch.tensor([2.0]), torch.tensor([1.0]))
