# torch.nn.modules.padding: the padding layers (ConstantPad*, ZeroPad*, ReflectionPad*, ReplicationPad*,
# CircularPad* for 1, 2 and 3 dimensions) as PyTorch defines them: each stores `padding` as a tuple
# of 2 * N ints (an int is repeated) and calls F.pad with its mode, whose reflect/replicate/circular
# kernels are native (bindings/functional.cpp). Reprs and errors follow PyTorch's.
import torch.nn as nn
import torch.nn.functional as F


def _ntuple(padding, n):
    if isinstance(padding, int):
        return tuple([padding] * n)
    return tuple(padding)


class _PadNd(nn.Module):
    _mode = "constant"
    _n = 2

    def __init__(self, padding):
        super().__init__()
        self.padding = _ntuple(padding, self._n)

    def forward(self, input):
        return F.pad(input, self.padding, self._mode)

    def extra_repr(self):
        return f"{self.padding}"


class _ConstantPadNd(_PadNd):
    def __init__(self, padding, value):
        super().__init__(padding)
        self.value = value

    def forward(self, input):
        return F.pad(input, self.padding, "constant", self.value)

    def extra_repr(self):
        return f"padding={self.padding}, value={self.value}"


class ConstantPad1d(_ConstantPadNd):
    _n = 2


class ConstantPad2d(_ConstantPadNd):
    _n = 4


class ConstantPad3d(_ConstantPadNd):
    _n = 6


class ZeroPad1d(ConstantPad1d):
    def __init__(self, padding):
        super().__init__(padding, 0.0)

    def extra_repr(self):
        return f"{self.padding}"


class ZeroPad2d(ConstantPad2d):
    def __init__(self, padding):
        super().__init__(padding, 0.0)

    def extra_repr(self):
        return f"{self.padding}"


class ZeroPad3d(ConstantPad3d):
    def __init__(self, padding):
        super().__init__(padding, 0.0)

    def extra_repr(self):
        return f"{self.padding}"


class _ReflectionPadNd(_PadNd):
    _mode = "reflect"


class ReflectionPad1d(_ReflectionPadNd):
    _n = 2


class ReflectionPad2d(_ReflectionPadNd):
    _n = 4


class ReflectionPad3d(_ReflectionPadNd):
    _n = 6


class _ReplicationPadNd(_PadNd):
    _mode = "replicate"


class ReplicationPad1d(_ReplicationPadNd):
    _n = 2


class ReplicationPad2d(_ReplicationPadNd):
    _n = 4


class ReplicationPad3d(_ReplicationPadNd):
    _n = 6


class _CircularPadNd(_PadNd):
    _mode = "circular"

    def forward(self, input):
        self._check_input_dim(input)
        return F.pad(input, self.padding, "circular")

    def _check_input_dim(self, input):
        lo = self._n // 2 + 1
        if input.dim() != lo and input.dim() != lo + 1:
            raise ValueError(f"expected {lo}D or {lo + 1}D input (got {input.dim()}D input)")


class CircularPad1d(_CircularPadNd):
    _n = 2


class CircularPad2d(_CircularPadNd):
    _n = 4


class CircularPad3d(_CircularPadNd):
    _n = 6
