# numpy.testing: the assertion helpers test files and notebooks call, with NumPy 2.5's failure
# messages (numpy/testing/_private/utils.py's build_err_msg and assert_array_compare): the header
# ("Not equal to tolerance rtol=1e-07, atol=0", "Arrays are not equal", ...), the optional err_msg,
# "Mismatched elements: n / N (p%)", the first five mismatch positions with their ACTUAL and DESIRED
# values, the largest absolute and relative differences among the violations, then the two arrays'
# reprs at precision 6 (cut to three lines). Shape mismatches and NaN/inf position mismatches are
# reported as NumPy reports them. assert_allclose, assert_array_equal, assert_equal (also of lists,
# tuples and dicts), assert_almost_equal, assert_array_almost_equal, assert_array_less,
# assert_raises, assert_raises_regex, assert_warns, assert_, assert_string_equal.

import numpy as np

__all__ = ["assert_allclose", "assert_array_equal", "assert_equal", "assert_almost_equal",
           "assert_array_almost_equal", "assert_array_less", "assert_raises", "assert_raises_regex",
           "assert_warns", "assert_", "assert_string_equal", "build_err_msg"]


def _repr_precision(a, precision):
    saved = np.get_printoptions()
    np.set_printoptions(precision=precision)
    try:
        return repr(a)
    finally:
        np.set_printoptions(precision=saved["precision"])


def build_err_msg(arrays, err_msg, header="Items are not equal:", verbose=True,
                  names=("ACTUAL", "DESIRED"), precision=8):
    msg = ["\n" + header]
    err_msg = str(err_msg)
    if err_msg:
        if err_msg.find("\n") == -1 and len(err_msg) < 79 - len(header):
            msg = [msg[0] + " " + err_msg]
        else:
            msg.append(err_msg)
    if verbose:
        for i, a in enumerate(arrays):
            if isinstance(a, np.ndarray):
                try:
                    r = _repr_precision(a, precision)
                except Exception as exc:
                    r = f"[repr failed for <{type(a).__name__}>: {exc}]"
            else:
                try:
                    r = repr(a)
                except Exception as exc:
                    r = f"[repr failed for <{type(a).__name__}>: {exc}]"
            if r.count("\n") > 3:
                r = "\n".join(r.splitlines()[:3])
                r += "..."
            msg.append(f" {names[i]}: {r}")
    return "\n".join(msg)


def _scalar_str(v):
    return str(v)


def _item_at(a, pos):
    if isinstance(a, np.ndarray) and a.ndim:
        return a[pos]
    if isinstance(a, np.ndarray):
        return a[()]
    return a


def _assert_array_compare(comparison, x, y, err_msg="", verbose=True, header="",
                          precision=6, equal_nan=True, equal_inf=True, strict=False,
                          names=("ACTUAL", "DESIRED")):
    ox, oy = x, y
    x = np.asarray(x)
    y = np.asarray(y)
    if strict:
        cond = x.shape == y.shape and x.dtype == y.dtype
    else:
        cond = (x.shape == () or y.shape == ()) or x.shape == y.shape
    if not cond:
        if x.shape != y.shape:
            reason = f"\n(shapes {x.shape}, {y.shape} mismatch)"
        else:
            reason = f"\n(dtypes {x.dtype}, {y.dtype} mismatch)"
        msg = build_err_msg([x, y], err_msg + reason, verbose=verbose, header=header,
                            names=names, precision=precision)
        raise AssertionError(msg)
    shape = np.broadcast_shapes(x.shape, y.shape)
    xb = np.broadcast_to(x, shape)
    yb = np.broadcast_to(y, shape)
    flagged = np.zeros(shape, dtype=bool)
    numeric = x.dtype.kind in "fc" or y.dtype.kind in "fc"
    if numeric:
        # NaN and inf must sit at the same places; there they count as equal
        checks = []
        if equal_nan:
            checks.append((np.isnan, "nan"))
        if equal_inf:
            checks.append((lambda a: a == np.inf, "+inf"))
            checks.append((lambda a: a == -np.inf, "-inf"))
        for func, hasval in checks:
            xf = func(xb) if xb.dtype.kind in "fc" else np.zeros(shape, dtype=bool)
            yf = func(yb) if yb.dtype.kind in "fc" else np.zeros(shape, dtype=bool)
            if bool(np.any(xf != yf)):
                msg = build_err_msg([x, y], err_msg + f"\n{hasval} location mismatch:",
                                    verbose=verbose, header=header, names=names,
                                    precision=precision)
                raise AssertionError(msg)
            flagged = flagged | xf
    val = np.asarray(comparison(xb, yb))
    ok = val | flagged
    if bool(np.all(ok)):
        return
    invalids = ~ok
    n_mismatch = int(invalids.sum())
    n_elements = int(ok.size)
    percent = 100 * n_mismatch / n_elements
    remarks = [f"Mismatched elements: {n_mismatch} / {n_elements} ({percent:.3g}%)"]
    if len(shape):
        positions = [tuple(int(i) for i in p) for p in np.argwhere(invalids)]
        lines = []
        for p in positions[:5]:
            idx = ", ".join(str(i) for i in p)
            lines.append(f" [{idx}]: {_scalar_str(_item_at(x, p))} ({names[0]}), "
                         f"{_scalar_str(_item_at(y, p))} ({names[1]})")
        if len(positions) == 1:
            head = "Mismatch at index:"
        elif len(positions) <= 5:
            head = "Mismatch at indices:"
        else:
            head = "First 5 mismatches are at indices:"
        remarks.append(head + "\n" + "\n".join(lines))
    if x.dtype.kind in "biufc" and y.dtype.kind in "biufc" and not (x.dtype.kind == "b" and y.dtype.kind == "b"):
        with np.errstate(all="ignore"):
            error = np.abs(xb - yb)
            if x.dtype.kind == "u":
                error = np.minimum(error, np.abs(yb - xb))
            viol = error[invalids]
            max_abs = viol.max()
            remarks.append("Max absolute difference among violations: " + np.array2string(np.asarray(max_abs)))
            nonzero = invalids & (yb != 0)
            if not bool(np.any(nonzero)):
                rel = "inf"
            else:
                rel = np.array2string(np.asarray((error[nonzero] / np.abs(yb[nonzero])).max()))
            remarks.append("Max relative difference among violations: " + rel)
    err_msg = str(err_msg) + "\n" + "\n".join(remarks)
    msg = build_err_msg([ox, oy], err_msg, verbose=verbose, header=header, names=names,
                        precision=precision)
    raise AssertionError(msg)


def assert_allclose(actual, desired, rtol=1e-07, atol=0, equal_nan=True, err_msg="",
                    verbose=True, *, strict=False):
    """Raises an AssertionError if two objects are not equal up to desired tolerance."""
    def compare(x, y):
        return np.isclose(x, y, rtol=rtol, atol=atol, equal_nan=equal_nan)
    actual = np.asanyarray(actual)
    desired = np.asanyarray(desired)
    header = f"Not equal to tolerance rtol={rtol:g}, atol={atol:g}"
    _assert_array_compare(compare, actual, desired, err_msg=str(err_msg), verbose=verbose,
                          header=header, equal_nan=equal_nan, strict=strict)


def assert_array_equal(actual, desired, err_msg="", verbose=True, *, strict=False):
    """Raises an AssertionError if two array_like objects are not equal."""
    _assert_array_compare(lambda a, b: a == b, actual, desired, err_msg=err_msg, verbose=verbose,
                          header="Arrays are not equal", strict=strict)


def assert_array_almost_equal(actual, desired, decimal=6, err_msg="", verbose=True):
    """Raises an AssertionError if two objects are not equal up to desired precision."""
    def compare(x, y):
        return np.abs(x - y) < np.float64(1.5 * 10.0 ** (-decimal))
    _assert_array_compare(compare, actual, desired, err_msg=err_msg, verbose=verbose,
                          header=f"Arrays are not almost equal to {decimal} decimals",
                          precision=decimal)


def assert_array_less(x, y, err_msg="", verbose=True, *, strict=False):
    """Raises an AssertionError if two array_like objects are not ordered by less than."""
    _assert_array_compare(lambda a, b: a < b, x, y, err_msg=err_msg, verbose=verbose,
                          header="Arrays are not strictly ordered `x < y`", equal_inf=False,
                          strict=strict, names=("x", "y"))


def assert_equal(actual, desired, err_msg="", verbose=True, *, strict=False):
    """Raises an AssertionError if two objects are not equal."""
    if isinstance(desired, dict):
        if not isinstance(actual, dict):
            raise AssertionError(repr(type(actual)))
        assert_equal(len(actual), len(desired), err_msg, verbose)
        for k in desired:
            if k not in actual:
                raise AssertionError(repr(k))
            assert_equal(actual[k], desired[k], f"key={k!r}\n{err_msg}", verbose)
        return
    if isinstance(desired, (list, tuple)) and isinstance(actual, (list, tuple)):
        assert_equal(len(actual), len(desired), err_msg, verbose)
        for k in range(len(desired)):
            assert_equal(actual[k], desired[k], f"item={k!r}\n{err_msg}", verbose)
        return
    if isinstance(actual, np.ndarray) or isinstance(desired, np.ndarray):
        return assert_array_equal(actual, desired, err_msg, verbose, strict=strict)
    msg = build_err_msg([actual, desired], err_msg, verbose=verbose)
    try:
        isdesnan = desired != desired
        isactnan = actual != actual
        if isdesnan and isactnan:
            return
    except (TypeError, ValueError):
        pass
    try:
        if desired == 0 and actual == 0:
            import math
            if math.copysign(1.0, float(desired)) != math.copysign(1.0, float(actual)):
                raise AssertionError(msg)
    except (TypeError, ValueError):
        pass
    if not (desired == actual):
        raise AssertionError(msg)


def assert_almost_equal(actual, desired, decimal=7, err_msg="", verbose=True):
    """Raises an AssertionError if two items are not equal up to desired precision."""
    if isinstance(actual, np.ndarray) or isinstance(desired, np.ndarray) or \
            isinstance(actual, (list, tuple)) or isinstance(desired, (list, tuple)):
        return assert_array_almost_equal(actual, desired, decimal, err_msg)

    def _build():
        header = f"Arrays are not almost equal to {decimal} decimals"
        return build_err_msg([actual, desired], err_msg, verbose=verbose, header=header)
    try:
        if desired != desired or actual != actual:
            if not (desired != desired and actual != actual):
                raise AssertionError(_build())
            return
        if abs(desired - actual) >= np.float64(1.5 * 10.0 ** (-decimal)):
            raise AssertionError(_build())
    except TypeError:
        if desired != actual:
            raise AssertionError(_build())


def assert_string_equal(actual, desired):
    if not isinstance(actual, str):
        raise AssertionError(repr(type(actual)))
    if not isinstance(desired, str):
        raise AssertionError(repr(type(desired)))
    if desired == actual:
        return
    import difflib
    diff = list(difflib.Differ().compare(actual.splitlines(True), desired.splitlines(True))) \
        if hasattr(difflib, "Differ") else []
    raise AssertionError("Differences in strings:\n" + "".join(diff).rstrip() if diff else
                         f"Differences in strings:\n{actual!r} != {desired!r}")


def assert_(val, msg=""):
    """Assert that works in release mode."""
    if not val:
        try:
            smsg = msg()
        except TypeError:
            smsg = msg
        raise AssertionError(smsg)


class _Raises:
    def __init__(self, exc, regex=None):
        self.exc = exc
        self.regex = regex

    def __enter__(self):
        return self

    def __exit__(self, et, ev, tb):
        name = getattr(self.exc, "__name__", str(self.exc))
        if et is None:
            raise AssertionError(f"{name} not raised")
        if not issubclass(et, self.exc):
            return False
        if self.regex is not None:
            import re
            if not re.search(self.regex, str(ev)):
                raise AssertionError(f'"{self.regex}" does not match "{ev}"')
        self.exception = ev
        return True


def assert_raises(exception_class, *args, **kwargs):
    """assert_raises(exception_class, callable, *args, **kwargs) or as a context manager."""
    ctx = _Raises(exception_class)
    if not args:
        return ctx
    func, args = args[0], args[1:]
    with ctx:
        func(*args, **kwargs)


def assert_raises_regex(exception_class, expected_regexp, *args, **kwargs):
    ctx = _Raises(exception_class, expected_regexp)
    if not args:
        return ctx
    func, args = args[0], args[1:]
    with ctx:
        func(*args, **kwargs)


class _Warns:
    def __init__(self, category):
        self.category = category

    def __enter__(self):
        import warnings
        self._cm = warnings.catch_warnings(record=True)
        self._log = self._cm.__enter__()
        warnings.simplefilter("always")
        return self._log

    def __exit__(self, et, ev, tb):
        self._cm.__exit__(et, ev, tb)
        if et is not None:
            return False
        if not any(issubclass(w.category, self.category) for w in self._log):
            name = getattr(self.category, "__name__", str(self.category))
            raise AssertionError("No warning raised")
        return False


def assert_warns(warning_class, *args, **kwargs):
    ctx = _Warns(warning_class)
    if not args:
        return ctx
    func, args = args[0], args[1:]
    with ctx:
        return func(*args, **kwargs)
