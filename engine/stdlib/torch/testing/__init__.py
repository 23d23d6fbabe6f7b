# torch.testing: assert_close (and the deprecated assert_allclose spelling) with PyTorch 2.11's default
# tolerances per dtype, its checks (type, shape, device, dtype, optional stride) and its mismatch
# messages ("Tensor-likes are not close!", mismatched elements, greatest absolute/relative difference
# with the index); sequences and mappings are compared item by item, Python numbers as scalars.
# Left out: sparse/quantized tensors, complex numbers, check_layout (Kiln has strided tensors only).
import math

import torch

__all__ = ["assert_close", "assert_allclose", "make_tensor"]

# (rtol, atol) by dtype, as torch.testing._comparison's default_tolerances.
_DTYPE_PRECISIONS = {
    "torch.float16": (0.001, 1e-05),
    "torch.bfloat16": (0.016, 1e-05),
    "torch.float32": (1.3e-06, 1e-05),
    "torch.float64": (1e-07, 1e-07),
}


def _tolerances(*dtypes):
    rtols, atols = [], []
    for d in dtypes:
        r, a = _DTYPE_PRECISIONS.get(str(d), (0.0, 0.0))
        rtols.append(r)
        atols.append(a)
    return max(rtols), max(atols)


def _fail(exc_type, msg, user_msg):
    if user_msg is not None:
        msg = user_msg(msg) if callable(user_msg) else user_msg
    raise exc_type(msg)


def _diff_msg(kind, diff, idx, tol, equality):
    if idx is None:
        msg = f"{kind.title()} difference: {diff}"
    else:
        msg = f"Greatest {kind} difference: {diff} at index {idx}"
    if not equality:
        msg += f" (up to {tol} allowed)"
    return msg + "\n"


def _compare_scalars(actual, expected, rtol, atol, equal_nan, msg):
    if rtol is None and atol is None:
        rtol, atol = _tolerances(torch.float64 if isinstance(expected, float) or isinstance(actual, float) else torch.int64)
    a, e = float(actual), float(expected)
    if a == e or (equal_nan and math.isnan(a) and math.isnan(e)):
        return
    if not (math.isnan(a) or math.isnan(e)) and abs(a - e) <= atol + rtol * abs(e):
        return
    equality = rtol == 0 and atol == 0
    abs_diff = abs(a - e)
    rel_diff = abs_diff / abs(e) if e != 0 else float("inf")
    if isinstance(actual, int) and isinstance(expected, int) and not isinstance(actual, bool):
        abs_diff = abs(actual - expected)
    text = f"Scalars are not {'equal' if equality else 'close'}!\n\n"
    text += f"Expected {expected} but got {actual}.\n"
    text += _diff_msg("absolute", abs_diff, None, atol, equality)
    text += _diff_msg("relative", rel_diff, None, rtol, equality)
    _fail(AssertionError, text.strip(), msg)


def _unravel(flat, shape):
    idx = []
    for s in reversed(list(shape)):
        idx.append(flat % s)
        flat //= s
    return tuple(reversed(idx))


def _compare_tensors(actual, expected, rtol, atol, equal_nan, check_device, check_dtype, check_stride, msg):
    if actual.shape != expected.shape:
        _fail(AssertionError, f"The values for attribute 'shape' do not match: {actual.shape} != {expected.shape}.", msg)
    if check_device and actual.device != expected.device:
        _fail(AssertionError, f"The values for attribute 'device' do not match: {actual.device} != {expected.device}.", msg)
    if check_dtype and actual.dtype != expected.dtype:
        _fail(AssertionError, f"The values for attribute 'dtype' do not match: {actual.dtype} != {expected.dtype}.", msg)
    if check_stride and actual.stride() != expected.stride():
        _fail(AssertionError, f"The values for attribute 'stride()' do not match: {actual.stride()} != {expected.stride()}.", msg)
    if rtol is None and atol is None:
        rtol, atol = _tolerances(actual.dtype, expected.dtype)
    a = actual.detach().to("cpu")
    e = expected.detach().to("cpu")
    if a.dtype != e.dtype:
        a = a.to(torch.float64)
        e = e.to(torch.float64)
    if a.dtype == torch.bool:
        a = a.to(torch.int64)
        e = e.to(torch.int64)
    matches = torch.isclose(a, e, rtol=rtol, atol=atol, equal_nan=equal_nan)
    if bool(matches.all()):
        return
    equality = rtol == 0 and atol == 0
    total = matches.numel()
    mismatches = total - int(matches.sum())
    text = f"Tensor-likes are not {'equal' if equality else 'close'}!\n\n"
    text += f"Mismatched elements: {mismatches} / {total} ({mismatches / total:.1%})\n"
    a_flat = a.reshape(-1)
    e_flat = e.reshape(-1)
    m_flat = matches.reshape(-1)
    floating = a.is_floating_point()
    if not floating:
        a_flat = a_flat.to(torch.int64)
        e_flat = e_flat.to(torch.int64)
    abs_diff = (a_flat - e_flat).abs()
    abs_diff = torch.where(m_flat, torch.zeros_like(abs_diff), abs_diff)
    rel_diff = abs_diff / e_flat.abs()
    rel_diff = torch.where(m_flat, torch.zeros_like(rel_diff), rel_diff)
    ai = int(abs_diff.argmax())
    ri = int(rel_diff.argmax())
    shape = list(a.shape)
    text += _diff_msg("absolute", abs_diff[ai].item(), _unravel(ai, shape) if shape else None, atol, equality)
    text += _diff_msg("relative", rel_diff[ri].item(), _unravel(ri, shape) if shape else None, rtol, equality)
    _fail(AssertionError, text.strip(), msg)


def assert_close(actual, expected, *, allow_subclasses=True, rtol=None, atol=None, equal_nan=False,
                 check_device=True, check_dtype=True, check_layout=True, check_stride=False, msg=None):
    if (rtol is None) != (atol is None):
        raise ValueError(f"Both 'rtol' and 'atol' must be either specified or omitted, but got no "
                         f"{'rtol' if rtol is None else 'atol'}.")
    if isinstance(actual, torch.Tensor) or isinstance(expected, torch.Tensor):
        if not (isinstance(actual, torch.Tensor) and isinstance(expected, torch.Tensor)):
            _fail(TypeError, f"Comparing\n\nTensorLikePair(\n    id=(),\n    actual={actual!r},\n    expected={expected!r},\n)"
                  f"\n\nresulted in the unexpected exception above.", msg)
        return _compare_tensors(actual, expected, rtol, atol, equal_nan, check_device, check_dtype, check_stride, msg)
    if isinstance(actual, (list, tuple)) and isinstance(expected, (list, tuple)):
        if len(actual) != len(expected):
            _fail(AssertionError, f"The length of the sequences mismatch: {len(actual)} != {len(expected)}", msg)
        for a, e in zip(actual, expected):
            assert_close(a, e, rtol=rtol, atol=atol, equal_nan=equal_nan, check_device=check_device,
                         check_dtype=check_dtype, check_stride=check_stride, msg=msg)
        return
    if isinstance(actual, dict) and isinstance(expected, dict):
        if sorted(actual.keys()) != sorted(expected.keys()):
            _fail(AssertionError, f"The keys of the mappings do not match:\n{sorted(actual.keys())} != {sorted(expected.keys())}", msg)
        for k in expected:
            assert_close(actual[k], expected[k], rtol=rtol, atol=atol, equal_nan=equal_nan,
                         check_device=check_device, check_dtype=check_dtype, check_stride=check_stride, msg=msg)
        return
    if isinstance(actual, (int, float, bool)) and isinstance(expected, (int, float, bool)):
        if check_dtype and type(actual) is not type(expected):
            _fail(AssertionError, f"The values for attribute 'dtype' do not match: {type(actual)} != {type(expected)}.", msg)
        return _compare_scalars(actual, expected, rtol, atol, equal_nan, msg)
    if actual != expected:
        _fail(AssertionError, f"Object comparison failed: {actual!r} != {expected!r}", msg)


def assert_allclose(actual, expected, rtol=None, atol=None, equal_nan=True, msg=""):
    if not isinstance(actual, torch.Tensor):
        actual = torch.tensor(actual)
    if not isinstance(expected, torch.Tensor):
        expected = torch.tensor(expected, dtype=actual.dtype)
    if rtol is None and atol is None:
        rtol, atol = _tolerances(actual.dtype, expected.dtype)
    return assert_close(actual, expected, rtol=rtol, atol=atol, equal_nan=equal_nan, check_device=True,
                        check_dtype=False, check_stride=False, msg=msg or None)


def make_tensor(*shape, dtype, device, low=None, high=None, requires_grad=False):
    raise NotImplementedError("torch.testing.make_tensor is not in Kiln yet (it draws from PyTorch's own random "
                              "streams); build the tensor with torch.rand/randint")
