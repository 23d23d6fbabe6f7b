# torch._foreach_*: PyTorch's multi-tensor ops, reached as torch._foreach_<op>(tensors, ...) through
# native forwarders (bindings/linalg_py.cpp's foreach list). Public training code calls them directly
# for EMA teachers and model averages (DINOv2's `torch._foreach_mul_(teacher, m);
# torch._foreach_add_(teacher, student, alpha=1 - m)`, timm's ModelEmaV3 `_foreach_lerp_`), for
# gradient norms (`_foreach_norm`) and in hand-written optimizers. PyTorch fuses each call into a few
# kernels; Kiln applies the per-tensor op to every element of the list, with the same results,
# autograd for the out-of-place forms (tuples, as
# PyTorch wraps a returned Tensor[]), the in-place ones returning their
# first argument itself (PyTorch's bindings return `self` although the ATen ops return nothing), and ATen's list checks
# ("Tensor list must have at least one tensor.", mismatched lengths). The second operand may be a
# number, a list of numbers (one per tensor), a list of tensors or, for add/sub/mul/div, one tensor.
import torch

__all__ = []


def _check(tensors):
    if isinstance(tensors, torch.Tensor) or not isinstance(tensors, (list, tuple)):
        raise TypeError(f"_foreach ops take a list or tuple of tensors, not {type(tensors).__name__}")
    if len(tensors) == 0:
        raise RuntimeError("Tensor list must have at least one tensor.")
    return list(tensors)


def _others(tensors, other):
    # the second operand spread over the list: one value per tensor
    n = len(tensors)
    if isinstance(other, (list, tuple)):
        if len(other) == 0:
            raise RuntimeError("Tensor list must have at least one tensor.")
        if all(isinstance(o, torch.Tensor) for o in other):
            if len(other) != n:
                raise RuntimeError(f"Tensor lists must have the same number of tensors, got {n} and {len(other)}")
        elif len(other) != n:
            raise RuntimeError("Tensor list must have same number of elements as scalar list.")
        return list(other)
    return [other] * n


def _binary(name, inplace, has_alpha):
    method = name + "_" if inplace else name

    def op(self, other, *, alpha=None):
        tensors = _check(self)
        others = _others(tensors, other)
        out = []
        for t, o in zip(tensors, others):
            if has_alpha and alpha is not None:
                r = getattr(t, method)(o, alpha=alpha)
            else:
                r = getattr(t, method)(o)
            out.append(r)
        return self if inplace else tuple(out)

    def op_no_alpha(self, other):
        return op(self, other)

    return op if has_alpha else op_no_alpha


def _unary(name, inplace):
    method = name + "_" if inplace else name

    def op(self):
        tensors = _check(self)
        out = [getattr(t, method)() for t in tensors]
        return self if inplace else tuple(out)

    return op


for _name in ["add", "sub"]:
    globals()["_foreach_" + _name] = _binary(_name, False, True)
    globals()["_foreach_" + _name + "_"] = _binary(_name, True, True)
for _name in ["mul", "div", "pow", "clamp_min", "clamp_max"]:
    globals()["_foreach_" + _name] = _binary(_name, False, False)
    globals()["_foreach_" + _name + "_"] = _binary(_name, True, False)
for _name in ["abs", "acos", "asin", "atan", "ceil", "cos", "cosh", "erf", "erfc", "exp", "expm1", "floor", "frac",
              "lgamma", "log", "log10", "log1p", "log2", "neg", "reciprocal", "round", "sigmoid", "sign", "sin", "sinh",
              "sqrt", "tan", "tanh", "trunc"]:
    globals()["_foreach_" + _name] = _unary(_name, False)
    globals()["_foreach_" + _name + "_"] = _unary(_name, True)


def _foreach_maximum(self, other):
    tensors = _check(self)
    return tuple(torch.maximum(t, o) if isinstance(o, torch.Tensor) else t.clamp_min(o) for t, o in zip(tensors, _others(tensors, other)))


def _foreach_maximum_(self, other):
    tensors = _check(self)
    for t, r in zip(tensors, _foreach_maximum(tensors, other)):
        t.copy_(r)
    return self


def _foreach_minimum(self, other):
    tensors = _check(self)
    return tuple(torch.minimum(t, o) if isinstance(o, torch.Tensor) else t.clamp_max(o) for t, o in zip(tensors, _others(tensors, other)))


def _foreach_minimum_(self, other):
    tensors = _check(self)
    for t, r in zip(tensors, _foreach_minimum(tensors, other)):
        t.copy_(r)
    return self


def _foreach_zero_(self):
    for t in _check(self):
        t.zero_()
    return self


def _foreach_copy_(self, src, non_blocking=False):
    tensors = _check(self)
    for t, s in zip(tensors, _others(tensors, list(src))):
        t.copy_(s)
    return self


def _foreach_lerp(self, tensors1, weight):
    tensors = _check(self)
    ends = _others(tensors, list(tensors1))
    return tuple(torch.lerp(t, e, w) for t, e, w in zip(tensors, ends, _others(tensors, weight)))


def _foreach_lerp_(self, tensors1, weight):
    tensors = _check(self)
    ends = _others(tensors, list(tensors1))
    for t, e, w in zip(tensors, ends, _others(tensors, weight)):
        t.lerp_(e, w)
    return self


def _addc(kind, inplace):
    def op(self, tensor1, tensor2, value=1):
        tensors = _check(self)
        t1 = _others(tensors, list(tensor1))
        t2 = _others(tensors, list(tensor2))
        if isinstance(value, torch.Tensor):
            # one value per tensor, given as a 1-D tensor
            value = value.tolist()
        values = _others(tensors, value)
        out = []
        for t, a, b, v in zip(tensors, t1, t2, values):
            out.append(getattr(t, kind + ("_" if inplace else ""))(a, b, value=v))
        return self if inplace else tuple(out)

    return op


_foreach_addcmul = _addc("addcmul", False)
_foreach_addcmul_ = _addc("addcmul", True)
_foreach_addcdiv = _addc("addcdiv", False)
_foreach_addcdiv_ = _addc("addcdiv", True)


def _foreach_norm(self, ord=2, dtype=None):
    tensors = _check(self)
    return tuple(torch.linalg.vector_norm(t, ord, dtype=dtype) for t in tensors)


def _foreach_max(self):
    return tuple(t.max() for t in _check(self))


FOREACH_NAMES = sorted(n for n in globals() if n.startswith("_foreach_"))
