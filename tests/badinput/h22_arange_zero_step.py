# badinput: arange with step 0
# expect-exit: 1
# expect-stderr: RuntimeError: step must be nonzero
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.arange(0, 10, 0)
