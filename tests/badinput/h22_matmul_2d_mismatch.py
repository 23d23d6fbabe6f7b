# badinput: matrix product with inner dims that differ
# expect-exit: 1
# expect-stderr: RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(2, 3) @ torch.ones(2, 3)
