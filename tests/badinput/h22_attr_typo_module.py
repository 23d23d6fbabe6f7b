# badinput: a misspelled torch function (torch has too many names for CPython's suggestion)
# expect-exit: 1
# expect-stderr: AttributeError: module 'torch' has no attribute 'zero'
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.zero(3)
