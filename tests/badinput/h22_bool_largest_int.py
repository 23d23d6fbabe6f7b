# badinput: largest=1 to topk
# expect-exit: 1
# expect-stderr: TypeError: topk(): argument 'largest' must be bool, not int
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.topk(torch.ones(3), 2, largest=1)
