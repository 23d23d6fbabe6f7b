# badinput: size call
# expect-exit: 1
# expect-stderr: TypeError: 'torch.Size' object is not callable
import torch
import torch.nn as nn
torch.zeros(2).shape()
