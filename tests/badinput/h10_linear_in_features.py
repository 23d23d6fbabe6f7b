# badinput: linear in features
# expect-exit: 1
# expect-stderr: RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x5 and 3x4)
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Linear(3, 4)(torch.ones(2, 5))
