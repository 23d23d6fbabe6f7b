# badinput: unfold too big
# expect-exit: 1
# expect-stderr: RuntimeError: maximum size for tensor at dimension 0 is 3 but size is 5
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(3).unfold(0, 5, 1)
