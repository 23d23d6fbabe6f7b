# badinput: device subscript
# expect-exit: 1
# expect-stderr: TypeError: 'torch.device' object is not subscriptable
import torch
import torch.nn as nn
torch.device("cpu")[0]
