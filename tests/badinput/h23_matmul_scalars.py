# badinput: @ of two 0-dim tensors
# expect-exit: 1
# expect-stderr: RuntimeError: both arguments to matmul need to be at least 1D, but they are 0D and 0D
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.tensor(1.) @ torch.tensor(2.))
