# badinput: jit load int
# expect-exit: 1
# expect-stderr: AttributeError: 'int' object has no attribute 'read'
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.jit.load(5)
