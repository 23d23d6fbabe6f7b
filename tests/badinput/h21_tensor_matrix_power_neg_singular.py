# badinput: matrix_power(-1) of a singular matrix
# expect-exit: 1
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.linalg.matrix_power(torch.zeros(2,2), -1)
