# badinput: moving a tensor to a device type PyTorch knows but this build lacks
# expect-exit: 1
# expect-stderr: RuntimeError: PyTorch is not linked with support for mps devices
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.ones(2).to('mps')
