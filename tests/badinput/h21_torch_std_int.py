# badinput: std of an integer tensor
# expect-exit: 1
# expect-stderr: std and var only support floating point and complex dtypes
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.arange(5).std()
