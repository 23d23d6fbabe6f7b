# badinput: a factory call on an xpu device
# expect-exit: 1
# expect-stderr: RuntimeError: PyTorch is not linked with support for xpu devices
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.zeros(2, device='xpu:0')
