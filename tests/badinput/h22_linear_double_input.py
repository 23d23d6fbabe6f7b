# badinput: Linear fed float64 data
# expect-exit: 1
# expect-stderr: RuntimeError: mat1 and mat2 must have the same dtype, but got Double and Float
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Linear(2, 2)(torch.ones(2, 2, dtype=torch.float64))
