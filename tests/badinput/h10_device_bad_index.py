# badinput: device bad index
# expect-exit: 1
# expect-stderr: RuntimeError: Invalid device string: 'cuda:abc'
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.device("cuda:abc")
