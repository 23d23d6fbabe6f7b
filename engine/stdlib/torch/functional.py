# torch.functional: the module of PyTorch's Python-level tensor functions (torch/functional.py), which
# torch/__init__.py star-imports, so each name here is the torch.<name> function itself. Programs reach
# it directly: `import torch.functional as F` in dvgodoy's PyTorchStepByStep notebooks, and
# `from torch.functional import einsum` / `torch.functional.split` in older model code. The names are
# PyTorch 2.11's __all__; one that Kiln's torch lacks is left out, so reading it is an AttributeError
# as any missing name is. Like PyTorch's module it is not torch.nn.functional: F.relu is not here
# (but torch.functional.F is torch.nn.functional, as in PyTorch).
import torch as _torch
# PyTorch's module imports these at its top, so they are its attributes too: naklecha's
# llama3-from-scratch calls torch.functional.F.silu (probe 29).
import torch
import torch.nn.functional as F
from torch import Tensor

__all__ = []
for _name in ("atleast_1d", "atleast_2d", "atleast_3d", "align_tensors", "broadcast_shapes", "broadcast_tensors",
              "cartesian_prod", "block_diag", "cdist", "chain_matmul", "einsum", "istft", "lu", "meshgrid", "norm",
              "pca_lowrank", "split", "stft", "svd_lowrank", "tensordot", "unique", "unique_consecutive",
              "unravel_index"):
    if hasattr(_torch, _name):
        globals()[_name] = getattr(_torch, _name)
        __all__.append(_name)
del _name
