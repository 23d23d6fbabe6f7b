# einops.einops: the pattern parser and the three operations (rearrange / reduce / repeat are one
# "recipe": reshape to elementary axes, permute, reduce the trailing axes, insert and expand new axes,
# reshape to the output groups; each step skipped when it would change nothing, as einops does), plus
# parse_shape, einsum (einops' named-axis spelling turned into torch.einsum letters) and asnumpy.
# Recipes are cached per (pattern, operation, axis names, ndim). Torch tensors, and numpy arrays through
# torch.from_numpy (results come back as arrays).
import string
import warnings

import torch

from einops import EinopsError

_ELLIPSIS = "\u2026"  # the ellipsis "..." becomes one character while parsing
_REDUCTIONS = ("min", "max", "sum", "mean", "prod", "any", "all")
_KEYWORDS = frozenset([
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del",
    "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda",
    "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield",
])


class AnonymousAxis:
    """An axis given by its length (``(h 2)``); no two are equal."""

    def __init__(self, value):
        self.value = int(value)
        if self.value <= 1:
            if self.value == 1:
                raise EinopsError("No need to create anonymous axis of length 1. Report this as an issue")
            raise EinopsError(f"Anonymous axis should have positive length, not {self.value}")

    def __repr__(self):
        return f"{self.value}-axis"


def _axis_name_problem(name, allow_underscore=False):
    # (valid, reason) for one axis name: identifiers, not starting/ending with "_" (a lone "_" only where allowed)
    if not name.isidentifier():
        return False, "not a valid python identifier"
    if name[0] == "_" or name[-1] == "_":
        if name == "_" and allow_underscore:
            return True, ""
        return False, "axis name should should not start or end with underscore"
    if name in _KEYWORDS:
        warnings.warn(f"It is discouraged to use axes names that are keywords: {name}", RuntimeWarning)
    if name == "axis":
        warnings.warn("It is discouraged to use 'axis' as an axis name and will raise an error in future",
                      FutureWarning)
    return True, ""


class ParsedExpression:
    """One side of a pattern: ``composition`` is a list of groups (lists of axes) and the ellipsis."""

    def __init__(self, expression, allow_underscore=False, allow_duplicates=False):
        self.has_ellipsis = False
        self.has_ellipsis_parenthesized = None
        self.identifiers = set()
        self.has_non_unitary_anonymous_axes = False
        self.composition = []
        if "." in expression:
            if "..." not in expression:
                raise EinopsError("Expression may contain dots only inside ellipsis (...)")
            if expression.count("...") != 1 or expression.count(".") != 3:
                raise EinopsError("Expression may contain dots only inside ellipsis (...); only one ellipsis for tensor ")
            expression = expression.replace("...", _ELLIPSIS)
            self.has_ellipsis = True
        self._group = None
        self._allow_underscore = allow_underscore
        self._allow_duplicates = allow_duplicates
        word = None
        for ch in expression:
            if ch in "() ":
                if word is not None:
                    self._add(word)
                word = None
                if ch == "(":
                    if self._group is not None:
                        raise EinopsError("Axis composition is one-level (brackets inside brackets not allowed)")
                    self._group = []
                elif ch == ")":
                    if self._group is None:
                        raise EinopsError("Brackets are not balanced")
                    self.composition.append(self._group)
                    self._group = None
            elif ch.isalnum() or ch in ("_", _ELLIPSIS):
                word = ch if word is None else word + ch
            else:
                raise EinopsError(f"Unknown character '{ch}'")
        if self._group is not None:
            raise EinopsError(f'Imbalanced parentheses in expression: "{expression}"')
        if word is not None:
            self._add(word)

    def _add(self, name):
        if name in self.identifiers:
            if not (self._allow_underscore and name == "_") and not self._allow_duplicates:
                raise EinopsError(f'Indexing expression contains duplicate dimension "{name}"')
        if name == _ELLIPSIS:
            self.identifiers.add(_ELLIPSIS)
            if self._group is None:
                self.composition.append(_ELLIPSIS)
                self.has_ellipsis_parenthesized = False
            else:
                self._group.append(_ELLIPSIS)
                self.has_ellipsis_parenthesized = True
            return
        is_number = name.isdecimal()
        if is_number and int(name) == 1:
            # an axis of length 1: an empty group outside brackets, nothing inside them
            if self._group is None:
                self.composition.append([])
            return
        ok, reason = _axis_name_problem(name, self._allow_underscore)
        if not (is_number or ok):
            raise EinopsError(f"Invalid axis identifier: {name}\n{reason}")
        axis = AnonymousAxis(name) if is_number else name
        self.identifiers.add(axis)
        if is_number:
            self.has_non_unitary_anonymous_axes = True
        if self._group is None:
            self.composition.append([axis])
        else:
            self._group.append(axis)

    def has_composed_axes(self):
        for axes in self.composition:
            if isinstance(axes, list) and len(axes) > 1:
                return True
        return False


class _Recipe:
    def __init__(self, lengths, name_to_index, left_groups, permutation, first_reduced, added, right_groups):
        self.lengths = lengths              # per elementary axis: a known length or None
        self.name_to_index = name_to_index  # axis names given as keywords -> elementary index
        self.left_groups = left_groups      # per input dim: (known indices, unknown indices)
        self.permutation = permutation      # elementary left axes -> kept axes in output order, then reduced
        self.first_reduced = first_reduced
        self.added = added                  # output position -> elementary index of a new axis
        self.right_groups = right_groups    # per output dim: elementary indices


_CACHE = {}


def _expand_ellipsis(parsed, names):
    out = []
    for group in parsed.composition:
        if group == _ELLIPSIS:
            out.extend([[n] for n in names])
        else:
            g = []
            for a in group:
                if a == _ELLIPSIS:
                    g.extend(names)
                else:
                    g.append(a)
            out.append(g)
    return out


def _prepare(pattern, operation, axes_names, ndim):
    # The key is one string, a constant to Kiln's Dynamo, which then traces the lookup (`in` and []);
    # callable reductions are keyed by the callable itself.
    key = pattern + "|" + str(ndim)
    for name in axes_names:
        key = key + "|" + name
    key = (key, operation) if callable(operation) else key + "|" + operation
    if key in _CACHE:
        return _CACHE[key]
    left_str, right_str = pattern.split("->")
    left = ParsedExpression(left_str)
    right = ParsedExpression(right_str)
    if not left.has_ellipsis and right.has_ellipsis:
        raise EinopsError(f"Ellipsis found in right side, but not left side of a pattern {pattern}")
    if left.has_ellipsis and left.has_ellipsis_parenthesized:
        raise EinopsError(f"Ellipsis inside parenthesis in the left side is not allowed: {pattern}")
    if operation == "rearrange":
        if left.has_non_unitary_anonymous_axes or right.has_non_unitary_anonymous_axes:
            raise EinopsError("Non-unitary anonymous axes are not supported in rearrange (exception is length 1)")
        difference = left.identifiers ^ right.identifiers
        if difference:
            raise EinopsError(f"Identifiers only on one side of expression (should be on both): {difference}")
    elif operation == "repeat":
        difference = left.identifiers - right.identifiers
        if difference:
            raise EinopsError(f"Unexpected identifiers on the left side of repeat: {difference}")
        without_size = set(a for a in right.identifiers if not isinstance(a, AnonymousAxis)) - \
            (left.identifiers | set(axes_names))
        if without_size:
            raise EinopsError(f"Specify sizes for new axes in repeat: {without_size}")
    elif operation in _REDUCTIONS or callable(operation):
        difference = right.identifiers - left.identifiers
        if difference:
            raise EinopsError(f"Unexpected identifiers on the right side of reduce {operation}: {difference}")
    else:
        raise EinopsError(f"Unknown reduction {operation}. Expect one of {_REDUCTIONS}.")

    left_ids = set(left.identifiers)
    right_ids = set(right.identifiers)
    if left.has_ellipsis:
        n_other = len(left.composition) - 1
        if ndim < n_other:
            raise EinopsError(f"Wrong shape: expected >={n_other} dims. Received {ndim}-dim tensor.")
        ell = [_ELLIPSIS + str(i) for i in range(ndim - n_other)]
        left_comp = _expand_ellipsis(left, ell)
        right_comp = _expand_ellipsis(right, ell)
        left_ids = (left_ids - {_ELLIPSIS}) | set(ell)
        if right.has_ellipsis:
            right_ids = (right_ids - {_ELLIPSIS}) | set(ell)
    else:
        if ndim != len(left.composition):
            raise EinopsError(f"Wrong shape: expected {len(left.composition)} dims. Received {ndim}-dim tensor.")
        left_comp = left.composition
        right_comp = right.composition

    # elementary axes: the left side's in order, then the right side's new ones
    position = {}
    lengths = []
    for group in left_comp:
        for a in group:
            position[a] = len(lengths)
            lengths.append(a.value if isinstance(a, AnonymousAxis) else None)
    for group in right_comp:
        for a in group:
            if a not in position:
                position[a] = len(lengths)
                lengths.append(a.value if isinstance(a, AnonymousAxis) else None)
    given = set()
    for name in axes_names:
        if not _axis_name_problem(name)[0]:
            raise EinopsError("Invalid name for an axis", name)
        if name not in position:
            raise EinopsError(f"Axis {name} is not used in transform")
        given.add(name)
    left_groups = []
    for group in left_comp:
        known = [position[a] for a in group if isinstance(a, AnonymousAxis) or a in given]
        unknown = [position[a] for a in group if not (isinstance(a, AnonymousAxis) or a in given)]
        if len(unknown) > 1:
            raise EinopsError(f"Could not infer sizes for {set(a for a in group if position[a] in unknown)}")
        left_groups.append((known, unknown))
    left_flat = [a for group in left_comp for a in group]
    right_flat = [a for group in right_comp for a in group]
    reduced = [a for a in left_flat if a not in right_ids]
    order = [a for a in right_flat if a in left_ids] + reduced
    permutation = [left_flat.index(a) for a in order]
    added = {}
    for i, a in enumerate(right_flat):
        if a not in left_ids:
            added[i] = position[a]
    recipe = _Recipe(lengths, {n: position[n] for n in axes_names}, left_groups, permutation,
                     len(order) - len(reduced), added, [[position[a] for a in g] for g in right_comp])
    _CACHE[key] = recipe
    return recipe


def _reduce_tensor(x, operation, axes):
    if callable(operation):
        return operation(x, tuple(axes))
    if operation == "min":
        return x.amin(dim=tuple(axes))
    if operation == "max":
        return x.amax(dim=tuple(axes))
    if operation == "sum":
        return x.sum(dim=tuple(axes))
    if operation == "mean":
        if not x.is_floating_point():
            raise NotImplementedError("reduce_mean is not available for non-floating tensors")
        return x.mean(dim=tuple(axes))
    for d in sorted(axes)[::-1]:
        x = getattr(x, operation)(dim=d)
    return x


def _apply(recipe, x, operation, axes_lengths):
    shape = list(x.shape)
    lengths = list(recipe.lengths)
    for name, value in axes_lengths:
        lengths[recipe.name_to_index[name]] = value
    need_init_reshape = False
    for dim, (known, unknown) in enumerate(recipe.left_groups):
        length = shape[dim]
        if not known and len(unknown) == 1:
            lengths[unknown[0]] = length
            continue
        product = 1
        for i in known:
            product *= lengths[i]
        if not unknown:
            if length != product:
                raise EinopsError(f"Shape mismatch, {length} != {product}")
        else:
            if length % product != 0:
                raise EinopsError(f"Shape mismatch, can't divide axis of length {length} in chunks of {product}")
            lengths[unknown[0]] = length // product
        if len(known) + len(unknown) != 1:
            need_init_reshape = True
    n_left = len(recipe.permutation)
    if need_init_reshape:
        x = x.reshape(lengths[:n_left])
    if recipe.permutation != list(range(n_left)):
        x = x.permute(recipe.permutation)
    if recipe.first_reduced < n_left:
        x = _reduce_tensor(x, operation, list(range(recipe.first_reduced, n_left)))
    if recipe.added:
        repeats = [-1 for _ in range(len(recipe.added) + recipe.first_reduced)]
        for pos, idx in recipe.added.items():
            x = torch.unsqueeze(x, pos)
            repeats[pos] = lengths[idx]
        x = x.expand(repeats)
    need_final = False
    final = []
    for group in recipe.right_groups:
        n = 1
        for i in group:
            n *= lengths[i]
        final.append(n)
        if len(group) != 1:
            need_final = True
    if need_final:
        x = x.reshape(final)
    return x


def _is_ndarray(x):
    return type(x).__name__ == "ndarray" and type(x).__module__ == "numpy"


def _check_tensor(x):
    if not isinstance(x, torch.Tensor) and not _is_ndarray(x):
        raise RuntimeError(f"Tensor type unknown to einops {type(x)}")


def _as_torch(x):
    # numpy arrays go through torch (from_numpy shares their memory) and come back as arrays
    return torch.from_numpy(x) if _is_ndarray(x) else x


def reduce(tensor, pattern, reduction, **axes_lengths):
    """einops.reduce: rearrangement plus a reduction ('min', 'max', 'sum', 'mean', 'prod', 'any', 'all' or
    a callable f(tensor, reduced_axes))."""
    shape = None
    try:
        if isinstance(tensor, list):
            if len(tensor) == 0:
                raise TypeError("Rearrange/Reduce/Repeat can't be applied to an empty list")
            _check_tensor(tensor[0])
            numpy_in = _is_ndarray(tensor[0])
            tensor = torch.stack([_as_torch(t) for t in tensor])
        else:
            _check_tensor(tensor)
            numpy_in = _is_ndarray(tensor)
        shape = tensor.shape
        recipe = _prepare(pattern, reduction, tuple(axes_lengths), len(shape))
        out = _apply(recipe, _as_torch(tensor), reduction, tuple(axes_lengths.items()))
        return out.numpy() if numpy_in else out
    except EinopsError as e:
        message = f' Error while processing {reduction}-reduction pattern "{pattern}".'
        if not isinstance(tensor, list):
            message += f"\n Input tensor shape: {shape}. "
        else:
            message += "\n Input is list. "
        message += f"Additional info: {axes_lengths}."
        raise EinopsError(message + f"\n {e}") from None


def rearrange(tensor, pattern, **axes_lengths):
    """einops.rearrange: reorder, compose and decompose axes ('b c (h p1) (w p2) -> b (h w) (p1 p2 c)')."""
    return reduce(tensor, pattern, reduction="rearrange", **axes_lengths)


def repeat(tensor, pattern, **axes_lengths):
    """einops.repeat: rearrange and add (broadcast) new axes ('d -> b n d', b=2, n=3)."""
    return reduce(tensor, pattern, reduction="repeat", **axes_lengths)


def parse_shape(x, pattern):
    """Axis name -> length for a tensor's shape ('batch _ h w'); "_" skips an axis."""
    exp = ParsedExpression(pattern, allow_underscore=True)
    shape = x.shape
    if exp.has_composed_axes():
        raise RuntimeError(f"Can't parse shape with composite axes: {pattern} {shape}")
    if len(shape) != len(exp.composition):
        if exp.has_ellipsis:
            if len(shape) < len(exp.composition) - 1:
                raise RuntimeError(f"Can't parse shape with this number of dimensions: {pattern} {shape}")
        else:
            raise RuntimeError(f"Can't parse shape with different number of dimensions: {pattern} {shape}")
    if exp.has_ellipsis:
        at = exp.composition.index(_ELLIPSIS)
        composition = exp.composition[:at] + ["_"] * (len(shape) - len(exp.composition) + 1) + \
            exp.composition[at + 1:]
    else:
        composition = exp.composition
    result = {}
    for axes, length in zip(composition, shape):
        if len(axes) == 0:
            if length != 1:
                raise RuntimeError(f"Length of axis is not 1: {pattern} {shape}")
        else:
            axis = axes[0]
            if isinstance(axis, str):
                if axis != "_":
                    result[axis] = length
            elif axis.value != length:
                raise RuntimeError(f"Length of anonymous axis does not match: {pattern} {shape}")
    return result


def asnumpy(tensor):
    if _is_ndarray(tensor):
        return tensor
    return tensor.detach().cpu().numpy()


def _einsum_axis(group):
    if len(group) == 0:
        raise NotImplementedError("Singleton () axes are not yet supported in einsum.")
    if len(group) > 1:
        raise NotImplementedError("Shape rearrangement is not yet supported in einsum.")
    axis = group[0]
    if isinstance(axis, AnonymousAxis):
        raise NotImplementedError("Anonymous axes are not yet supported in einsum.")
    return axis


_EINSUM_CACHE = {}


def _compact_einsum_pattern(pattern):
    if pattern in _EINSUM_CACHE:
        return _EINSUM_CACHE[pattern]
    if "->" not in pattern:
        raise ValueError("Einsum pattern must contain '->'.")
    lefts_str, right_str = pattern.split("->")
    lefts = [ParsedExpression(s, allow_underscore=True, allow_duplicates=True) for s in lefts_str.split(",")]
    right = ParsedExpression(right_str, allow_underscore=True)
    letters = string.ascii_letters
    mapping = {}
    parts = []
    for left in lefts:
        text = ""
        for group in left.composition:
            if group == _ELLIPSIS:
                text += "..."
                continue
            name = _einsum_axis(group)
            if name not in mapping:
                if len(mapping) >= len(letters):
                    raise RuntimeError("Too many axes in einsum.")
                mapping[name] = letters[len(mapping)]
            text += mapping[name]
        parts.append(text)
    compact = ",".join(parts) + "->"
    for group in right.composition:
        if group == _ELLIPSIS:
            compact += "..."
            continue
        name = _einsum_axis(group)
        if name not in mapping:
            raise EinopsError(f"Unknown axis {name} on right side of einsum {pattern}.")
        compact += mapping[name]
    _EINSUM_CACHE[pattern] = compact
    return compact


def einsum(*tensors_and_pattern):
    """einops.einsum(x, y, 'batch i, i j -> batch j'): tensors first, then a pattern with named axes."""
    if len(tensors_and_pattern) <= 1:
        raise ValueError(
            "`einops.einsum` takes at minimum two arguments: the tensors (at least one), followed by the pattern."
        )
    pattern = tensors_and_pattern[-1]
    if not isinstance(pattern, str):
        raise ValueError(
            "The last argument passed to `einops.einsum` must be a string, representing the einsum pattern."
        )
    tensors = tensors_and_pattern[:-1]
    out = torch.einsum(_compact_einsum_pattern(pattern), *[_as_torch(t) for t in tensors])
    return out.numpy() if _is_ndarray(tensors[0]) else out
