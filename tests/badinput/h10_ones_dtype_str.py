# badinput: ones dtype str
# expect-exit: 1
# expect-stderr: TypeError: ones(): argument 'dtype' must be torch.dtype, not str
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(2, dtype="float32")
