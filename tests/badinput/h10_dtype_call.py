# badinput: dtype call
# expect-exit: 1
# expect-stderr: TypeError: 'torch.dtype' object is not callable
import torch
import torch.nn as nn
torch.float32(1)
