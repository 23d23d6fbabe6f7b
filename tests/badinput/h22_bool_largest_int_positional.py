# badinput: largest passed positionally as 1
# expect-exit: 1
# expect-stderr: TypeError: topk(): argument 'largest' (position 4) must be bool, not int
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.topk(torch.ones(3), 2, 0, 1)
