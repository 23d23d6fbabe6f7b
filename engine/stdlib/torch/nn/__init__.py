# torch.nn's Python part: runs in the module's dict after the native factory (bindings/nn.cpp) has
# filled it, adding the layers written in Kiln's Python (torch/nn/_modules_ext.py: ConvTranspose2d,
# Upsample, InstanceNorm2d, RMSNorm, PReLU, ParameterList, the extra losses, ...).
from torch.nn._buffer import Buffer
from torch.nn._modules_ext import *
