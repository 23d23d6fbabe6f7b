# badinput: Linear fed the wrong feature count
# expect-exit: 1
# expect-stderr: RuntimeError: mat1 and mat2 shapes cannot be multiplied (3x7 and 10x5)
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Linear(10, 5)(torch.randn(3, 7))
