# einops.layers: RearrangeMixin and ReduceMixin, the framework-independent halves of the Rearrange /
# Reduce layers (pattern and axis lengths checked when the layer is made, einops' reprs). The torch
# modules are in einops.layers.torch.
from einops import EinopsError
from einops.einops import _prepare, ParsedExpression


def _recipes_for_all_dims(pattern, operation, axes_names):
    # a layer prepares its recipes when it is made: for every input rank its pattern allows
    left = ParsedExpression(pattern.split("->")[0])
    dims = [len(left.composition)]
    if left.has_ellipsis:
        dims = [len(left.composition) - 1 + n for n in range(8)]
    return {ndim: _prepare(pattern, operation, axes_names, ndim) for ndim in dims}


class RearrangeMixin:
    def __init__(self, pattern, **axes_lengths):
        super().__init__()
        self.pattern = pattern
        self.axes_lengths = axes_lengths
        self._multirecipe = self.multirecipe()
        self._axes_lengths = tuple(self.axes_lengths.items())

    def __repr__(self):
        params = repr(self.pattern)
        for axis, length in self.axes_lengths.items():
            params += f", {axis}={length}"
        return f"{self.__class__.__name__}({params})"

    def multirecipe(self):
        try:
            return _recipes_for_all_dims(self.pattern, "rearrange", tuple(self.axes_lengths))
        except EinopsError as e:
            raise EinopsError(f" Error while preparing {self!r}\n {e}") from None


class ReduceMixin:
    def __init__(self, pattern, reduction, **axes_lengths):
        super().__init__()
        self.pattern = pattern
        self.reduction = reduction
        self.axes_lengths = axes_lengths
        self._multirecipe = self.multirecipe()
        self._axes_lengths = tuple(self.axes_lengths.items())

    def __repr__(self):
        params = f"{self.pattern!r}, {self.reduction!r}"
        for axis, length in self.axes_lengths.items():
            params += f", {axis}={length}"
        return f"{self.__class__.__name__}({params})"

    def multirecipe(self):
        try:
            return _recipes_for_all_dims(self.pattern, self.reduction, tuple(self.axes_lengths))
        except EinopsError as e:
            raise EinopsError(f" Error while preparing {self!r}\n {e}") from None
