# badinput: a device index that is no int
# expect-exit: 1
# expect-stderr: RuntimeError: Invalid device string: 'cuda:x'
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.device('cuda:x')
