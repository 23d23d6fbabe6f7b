# torch.nn.modules.instancenorm: the instance norms, written in Kiln's Python in torch/nn/_modules_ext.py
# on the native _NormBase; this module gives them PyTorch's import path.
from torch.nn._modules_ext import _InstanceNorm, InstanceNorm1d, InstanceNorm2d, InstanceNorm3d

__all__ = ["InstanceNorm1d", "InstanceNorm2d", "InstanceNorm3d"]
