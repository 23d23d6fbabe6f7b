# numpy.fft: NumPy 2's discrete Fourier transforms (numpy/fft/_pocketfft.py, _helper.py) over
# torch.fft's transforms of the same definitions.
#
# NumPy's rules kept here: the transform's precision follows the input (float32, float16 and complex64
# compute in single precision and give complex64 / float32; integers, bools, float64 and complex128 in
# double precision), `n` trims or zero-pads the transformed axis, irfft's default length is 2*(m-1),
# the norm modes "backward" (None), "ortho" and "forward", NumPy's error texts for a bad norm or a
# length below 1, out= (the result written into the given array). fftfreq / rfftfreq are int arrays
# times 1/(n*d) as NumPy computes them, fftshift / ifftshift are np.roll by half of each axis.
# The transforms themselves are torch.fft's (engine/stdlib/torch/fft.py: the DFT in float64 rounded
# to the result's precision), so a single-precision transform can differ from pocketfft's float32
# arithmetic in the last digit.
import builtins as _builtins

import numpy as _np

__all__ = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft", "fft2", "ifft2", "fftn", "ifftn", "rfft2", "irfft2",
           "rfftn", "irfftn", "fftfreq", "rfftfreq", "fftshift", "ifftshift"]

_SINGLE = ("float16", "float32", "complex64")


def _torch_fft():
    import torch
    return torch


def _input(a, complex_=False):
    # the array in the precision NumPy's pocketfft loop runs in; the complex transforms' loops take
    # complex input only (a real array is cast to complex first, so its zero imaginary parts stay +0)
    a = _np.asarray(a)
    if a.dtype.kind == "c":
        return a
    single = a.dtype.name in _SINGLE
    if complex_:
        return a.astype(_np.complex64 if single else _np.complex128)
    if single:
        return a.astype(_np.float32) if a.dtype.name != "float32" else a
    return a.astype(_np.float64) if a.dtype.name != "float64" else a


def _check_norm(norm):
    if norm not in (None, "backward", "ortho", "forward"):
        raise ValueError(f'Invalid norm value {norm}; should be "backward","ortho" or "forward".')


def _check_n(n):
    if n is not None and n < 1:
        raise ValueError(f"Invalid number of FFT data points ({n}) specified.")


def _check_axis(axis, ndim):
    if not -ndim <= axis < ndim:
        raise _np.exceptions.AxisError(f"axis {axis} is out of bounds for array of dimension {ndim}")


def _finish(t, out):
    r = t.numpy()
    if out is None:
        return r
    if out.shape != r.shape:
        raise ValueError("output array has wrong shape.")
    out[...] = r
    return out


def _one(name, a, n, axis, norm, out):
    a = _input(a, name in ("fft", "ifft"))
    _check_norm(norm)
    _check_n(n)
    _check_axis(axis, a.ndim)
    torch = _torch_fft()
    return _finish(getattr(torch.fft, name)(torch.from_numpy(a), n=n, dim=axis, norm=norm), out)


def fft(a, n=None, axis=-1, norm=None, out=None):
    return _one("fft", a, n, axis, norm, out)


def ifft(a, n=None, axis=-1, norm=None, out=None):
    return _one("ifft", a, n, axis, norm, out)


def rfft(a, n=None, axis=-1, norm=None, out=None):
    a = _np.asarray(a)
    if a.dtype.kind == "c":
        # NumPy discards the imaginary part (with its ComplexWarning) before a real transform
        a = a.real
    return _one("rfft", a, n, axis, norm, out)


def irfft(a, n=None, axis=-1, norm=None, out=None):
    return _one("irfft", a, n, axis, norm, out)


def hfft(a, n=None, axis=-1, norm=None, out=None):
    return _one("hfft", a, n, axis, norm, out)


def ihfft(a, n=None, axis=-1, norm=None, out=None):
    return _one("ihfft", a, n, axis, norm, out)


def _cook_nd_args(a, s, axes):
    # numpy/fft/_pocketfft.py's _cook_nd_args: s and axes default to each other (all axes when both
    # are None); a None in s keeps that axis' length.
    if s is None:
        if axes is None:
            s = list(a.shape)
            axes = list(range(-len(s), 0))
        else:
            s = [a.shape[ax] for ax in axes]
    else:
        s = list(s)
        if axes is None:
            axes = list(range(-len(s), 0))
    if len(s) != len(axes):
        raise ValueError("Shape and axes have different lengths.")
    axes = list(axes)
    for ax in axes:
        _check_axis(ax, a.ndim)
    s = [a.shape[ax] if d is None else d for d, ax in zip(s, axes)]
    for d in s:
        _check_n(d)
    return s, axes


def _many(name, a, s, axes, norm, out, last_half=False):
    a = _input(a, name in ("fftn", "ifftn"))
    _check_norm(norm)
    if last_half and s is None:
        # irfftn: the last transformed axis' default length is 2*(m-1)
        ax = list(range(-a.ndim, 0)) if axes is None else list(axes)
        s = [a.shape[x] for x in ax[:-1]] + [2 * (a.shape[ax[-1]] - 1)] if ax else None
        axes = ax
    s, axes = _cook_nd_args(a, s, axes)
    torch = _torch_fft()
    return _finish(getattr(torch.fft, name)(torch.from_numpy(a), s=s, dim=axes, norm=norm), out)


def fftn(a, s=None, axes=None, norm=None, out=None):
    return _many("fftn", a, s, axes, norm, out)


def ifftn(a, s=None, axes=None, norm=None, out=None):
    return _many("ifftn", a, s, axes, norm, out)


def fft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    return _many("fftn", a, s, axes, norm, out)


def ifft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    return _many("ifftn", a, s, axes, norm, out)


def rfftn(a, s=None, axes=None, norm=None, out=None):
    a = _np.asarray(a)
    if a.dtype.kind == "c":
        a = a.real
    return _many("rfftn", a, s, axes, norm, out)


def rfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    return rfftn(a, s, axes, norm, out)


def irfftn(a, s=None, axes=None, norm=None, out=None):
    return _many("irfftn", a, s, axes, norm, out, last_half=True)


def irfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    return _many("irfftn", a, s, axes, norm, out, last_half=True)


def fftfreq(n, d=1.0, device=None):
    if not isinstance(n, (int, _np.integer)):
        raise ValueError("n should be an integer")
    val = 1.0 / (n * d)
    results = _np.empty(n, int)
    N = (n - 1) // 2 + 1
    results[:N] = _np.arange(0, N, dtype=int)
    results[N:] = _np.arange(-(n // 2), 0, dtype=int)
    return results * val


def rfftfreq(n, d=1.0, device=None):
    if not isinstance(n, (int, _np.integer)):
        raise ValueError("n should be an integer")
    val = 1.0 / (n * d)
    N = n // 2 + 1
    return _np.arange(0, N, dtype=int) * val


def _shift(x, axes, sign):
    x = _np.asarray(x)
    if axes is None:
        axes = tuple(range(x.ndim))
        shift = [sign * (dim // 2) for dim in x.shape]
    elif isinstance(axes, (int, _np.integer)):
        shift = sign * (x.shape[axes] // 2)
    else:
        shift = [sign * (x.shape[ax] // 2) for ax in axes]
    return _np.roll(x, shift, axes)


def fftshift(x, axes=None):
    return _shift(x, axes, 1)


def ifftshift(x, axes=None):
    return _shift(x, axes, -1)
