# torch.export.dynamic_shapes: Dim, the declaration that an input dimension may vary (with a range),
# and the dynamic_shapes specifications torch.export.export reads (a dict by argument name, or a
# tuple/list by position; per tensor a dict {dim: Dim} or a tuple/list of Dims and None).
__all__ = ["Dim", "dims", "ShapesCollection"]


class _IntInfinity:
    # sympy's int_oo as PyTorch prints a range's missing upper bound.
    def __repr__(self):
        return "int_oo"

    __str__ = __repr__

    def __gt__(self, other):
        return not isinstance(other, _IntInfinity)

    def __ge__(self, other):
        return True

    def __lt__(self, other):
        return False

    def __le__(self, other):
        return isinstance(other, _IntInfinity)


int_oo = _IntInfinity()


class _DimHint:
    def __init__(self, name):
        self._name = name

    def __repr__(self):
        return f"Dim.{self._name}"

    def __call__(self, min=None, max=None):
        hint = _DimHint(self._name)
        hint.min, hint.max = min, max
        return hint


class Dim:
    """A named dynamic dimension: Dim("batch", min=1, max=64). Dims with one name are one size."""

    AUTO = _DimHint("AUTO")
    DYNAMIC = _DimHint("DYNAMIC")
    STATIC = _DimHint("STATIC")

    def __init__(self, name, *, min=None, max=None):
        _min = 0 if min is None else min
        _max = int_oo if max is None else max
        assert _max > _min, f"Cannot create Dim with inconsistent min={min}, max={max}"
        assert name.isidentifier(), f"Dim name must be a valid identifier, got {name}"
        self.__name__ = name
        self.min = _min
        self.max = _max

    def __repr__(self):
        return f"Dim('{self.__name__}', min={self.min}, max={self.max})"


def dims(*names, min=None, max=None):
    """One Dim per name, sharing the range."""
    return tuple(Dim(name, min=min, max=max) for name in names)


class ShapesCollection:
    """dynamic_shapes given per tensor object: collection[tensor] = {0: Dim(...)}."""

    def __init__(self):
        self._shapes = {}

    def __setitem__(self, t, shape):
        self._shapes[id(t)] = (t, shape)

    def __getitem__(self, t):
        return self._shapes[id(t)][1]

    def __len__(self):
        return len(self._shapes)

    def dynamic_shapes(self, m, args, kwargs=None):
        from torch.export._trace import _flatten_inputs
        out = []
        for _, _, t in _flatten_inputs(m, args, kwargs or {}):
            entry = self._shapes.get(id(t))
            out.append(entry[1] if entry is not None else None)
        return tuple(out)
