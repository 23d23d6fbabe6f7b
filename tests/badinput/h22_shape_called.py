# badinput: x.shape() (shape is no method)
# expect-exit: 1
# expect-stderr: TypeError: 'torch.Size' object is not callable
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(2).shape()
