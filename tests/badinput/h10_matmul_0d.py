# badinput: matmul 0d
# expect-exit: 1
# expect-stderr: RuntimeError: both arguments to matmul need to be at least 1D, but they are 0D and 1D
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.matmul(torch.tensor(1.0), torch.ones(2))
