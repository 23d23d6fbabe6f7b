# badinput: Linear on a 3-d batch with the wrong last dim
# expect-exit: 1
# expect-stderr: RuntimeError: mat1 and mat2 shapes cannot be multiplied (6x7 and 10x5)
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Linear(10, 5)(torch.randn(2, 3, 7))
