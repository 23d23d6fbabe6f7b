# torch.nn.functional's Python part: runs in the module's dict after the native factory
# (bindings/functional.cpp) has filled it, adding the functions written in Kiln's Python
# (torch/nn/_functional_ext.py: interpolate, conv_transpose2d, pixel_shuffle, rms_norm,
# instance_norm, the extra losses, ...).
from torch.nn._functional_ext import *
