# badinput: zeros(requires_grad='yes')
# expect-exit: 1
# expect-stderr: TypeError: zeros(): argument 'requires_grad' must be bool, not str
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.zeros(2, requires_grad='yes')
