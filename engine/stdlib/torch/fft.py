# torch.fft: discrete Fourier transforms over Kiln's complex tensors.
#
# Each transform is a DFT written as real matrix products on the real and imaginary parts
# (O(n^2) per transformed dimension, correctness first): the result is a complex tensor made by
# torch.complex, so autograd flows through the real ops. The products run in float64 (twiddle
# factors with the quarter-turn entries exact: cos/sin of multiples of pi/2 are 0 and +-1) and the
# result is rounded to the transform's dtype, which keeps it within an ulp or so of pocketfft's;
# signed zeros are normalised to +0 as pocketfft's butterflies give them. Normalisation modes "backward" (default), "ortho" and "forward" as PyTorch.
# Covered: fft, ifft, rfft, irfft, hfft, ihfft, fft2, ifft2, fftn, ifftn, rfft2, irfft2, rfftn, irfftn,
# fftfreq, rfftfreq, fftshift, ifftshift. Not covered: out= arguments, complex32.
import math

import torch


def _real_dtype(x):
    if x.is_complex():
        return x.real.dtype
    if x.dtype in (torch.float32, torch.float64):
        return x.dtype
    if x.dtype in (torch.float16, torch.bfloat16):
        return torch.float32
    return torch.get_default_dtype()


def _scale(norm, n, forward):
    if norm is None or norm == "backward":
        return 1.0 if forward else 1.0 / n
    if norm == "ortho":
        return 1.0 / math.sqrt(n)
    if norm == "forward":
        return 1.0 / n if forward else 1.0
    raise ValueError(f"Invalid normalization mode: {norm}")


def _twiddles(n_in, n_out, n, dtype, device=None):
    # cos and sin of 2*pi*j*k/n for j < n_in, k < n_out (float64, quarter turns exact), made on the
    # CPU and moved to the transformed tensor's device (a CUDA signal is multiplied on the GPU).
    j = torch.arange(n_in, dtype=torch.int64)
    k = torch.arange(n_out, dtype=torch.int64)
    jk = torch.remainder(torch.outer(j, k), n)
    theta = jk.to(torch.float64) * (2.0 * math.pi / n)
    c = torch.cos(theta)
    s = torch.sin(theta)
    exact = torch.remainder(jk * 4, n) == 0
    quarter = torch.remainder(torch.div(jk * 4, n, rounding_mode="floor"), 4)
    ce = torch.tensor([1.0, 0.0, -1.0, 0.0], dtype=torch.float64)[quarter]
    se = torch.tensor([0.0, 1.0, 0.0, -1.0], dtype=torch.float64)[quarter]
    c = torch.where(exact, ce, c)
    s = torch.where(exact, se, s)
    if device is not None and str(device) != "cpu":
        return c.to(dtype).to(device), s.to(dtype).to(device)
    return c.to(dtype), s.to(dtype)


def _parts(x, dtype):
    # The parts in float64, the DFT's working precision.
    if x.is_complex():
        return x.real.to(torch.float64), x.imag.to(torch.float64)
    return x.to(torch.float64), None


def _out(re, im, dtype):
    # Back to the transform's dtype; + 0.0 turns -0.0 into +0.0.
    return torch.complex(re.to(dtype) + 0.0, im.to(dtype) + 0.0)


def _fit(t, n):
    # Trim or zero-pad the last dimension to n.
    if t is None:
        return None
    length = t.shape[-1]
    if n < length:
        return t[..., :n]
    if n > length:
        pad = torch.zeros(*t.shape[:-1], n - length, dtype=t.dtype, device=t.device)
        return torch.cat([t, pad], dim=-1)
    return t


def _check_n(n, what="data points"):
    if n < 1:
        raise RuntimeError(f"Invalid number of {what} ({n}) specified")


def _wrap_dim(dim, ndim):
    if dim < -ndim or dim >= ndim:
        raise IndexError(
            f"Dimension out of range (expected to be in range of [{-ndim}, {ndim - 1}], but got {dim})")
    return dim + ndim if dim < 0 else dim


def _c2c(x, n, dim, norm, forward):
    dim = _wrap_dim(dim, x.dim())
    x = x.movedim(dim, -1)
    n = x.shape[-1] if n is None else n
    _check_n(n)
    dtype = _real_dtype(x)
    re, im = _parts(x, dtype)
    re, im = _fit(re, n), _fit(im, n)
    c, s = _twiddles(n, n, n, torch.float64, x.device)
    sign = -1.0 if forward else 1.0
    # (a + ib)(c + i*sign*s)
    out_re = torch.matmul(re, c)
    out_im = torch.matmul(re, s) * sign
    if im is not None:
        out_re = out_re - torch.matmul(im, s) * sign
        out_im = out_im + torch.matmul(im, c)
    k = _scale(norm, n, forward)
    if k != 1.0:
        out_re = out_re * k
        out_im = out_im * k
    return _out(out_re, out_im, dtype).movedim(-1, dim)


def fft(input, n=None, dim=-1, norm=None):
    return _c2c(input, n, dim, norm, True)


def ifft(input, n=None, dim=-1, norm=None):
    return _c2c(input, n, dim, norm, False)


def rfft(input, n=None, dim=-1, norm=None):
    if input.is_complex():
        name = "ComplexFloat" if input.dtype == torch.complex64 else "ComplexDouble"
        raise RuntimeError(f"rfft expects a real input tensor, but got {name}")
    dim = _wrap_dim(dim, input.dim())
    x = input.movedim(dim, -1)
    n = x.shape[-1] if n is None else n
    _check_n(n)
    dtype = _real_dtype(x)
    re = _fit(x.to(torch.float64), n)
    c, s = _twiddles(n, n // 2 + 1, n, torch.float64, x.device)
    out_re = torch.matmul(re, c)
    out_im = -torch.matmul(re, s)
    k = _scale(norm, n, True)
    if k != 1.0:
        out_re = out_re * k
        out_im = out_im * k
    return _out(out_re, out_im, dtype).movedim(-1, dim)


def irfft(input, n=None, dim=-1, norm=None):
    dim = _wrap_dim(dim, input.dim())
    x = input.movedim(dim, -1)
    m = x.shape[-1]
    n = 2 * (m - 1) if n is None else n
    _check_n(n, "data points")
    dtype = _real_dtype(x)
    re, im = _parts(x, dtype)
    half = n // 2 + 1
    re, im = _fit(re, half), _fit(im, half)
    # Hermitian sum: each k in 1..ceil(n/2)-1 counts twice; k = 0 and (n even) k = n/2 once.
    w = [1.0] + [2.0] * (half - 1)
    if n % 2 == 0:
        w[-1] = 1.0
    wt = torch.tensor(w, dtype=torch.float64, device=x.device)
    c, s = _twiddles(half, n, n, torch.float64, x.device)
    out = torch.matmul(re * wt, c)
    if im is not None:
        out = out - torch.matmul(im * wt, s)
    k = _scale(norm, n, False)
    if k != 1.0:
        out = out * k
    return (out.to(dtype) + 0.0).movedim(-1, dim)


def hfft(input, n=None, dim=-1, norm=None):
    # The FFT of a Hermitian-symmetric signal given by its first half: irfft of the conjugate,
    # scaled as a forward transform.
    dim = _wrap_dim(dim, input.dim())
    m = input.shape[dim]
    n = 2 * (m - 1) if n is None else n
    _check_n(n)
    z = input.conj() if input.is_complex() else input
    k = _scale(norm, n, True)
    inv = _scale("backward", n, False)
    return irfft(z, n, dim, "backward") * (k / inv)


def ihfft(input, n=None, dim=-1, norm=None):
    dim = _wrap_dim(dim, input.dim())
    n = input.shape[dim] if n is None else n
    _check_n(n)
    r = rfft(input, n, dim, "backward")
    k = _scale(norm, n, False)
    return r.conj().resolve_conj() * k


def _dims_sizes(x, s, dim, default_all):
    if dim is None:
        if s is not None:
            dims = list(range(x.dim() - len(s), x.dim()))
        else:
            dims = list(range(x.dim())) if default_all else [x.dim() - 2, x.dim() - 1]
    else:
        dims = [dim] if isinstance(dim, int) else list(dim)
    dims = [_wrap_dim(d, x.dim()) for d in dims]
    if s is None:
        s = [None] * len(dims)
    else:
        s = list(s)
        if len(s) != len(dims):
            raise RuntimeError(
                f"When given, dim and shape arguments must have the same length")
    return dims, s


def fftn(input, s=None, dim=None, norm=None):
    dims, sizes = _dims_sizes(input, s, dim, True)
    out = input
    for d, n in zip(dims, sizes):
        out = _c2c(out, n, d, norm, True)
    return out


def ifftn(input, s=None, dim=None, norm=None):
    dims, sizes = _dims_sizes(input, s, dim, True)
    out = input
    for d, n in zip(dims, sizes):
        out = _c2c(out, n, d, norm, False)
    return out


def fft2(input, s=None, dim=(-2, -1), norm=None):
    return fftn(input, s, dim, norm)


def ifft2(input, s=None, dim=(-2, -1), norm=None):
    return ifftn(input, s, dim, norm)


def rfftn(input, s=None, dim=None, norm=None):
    dims, sizes = _dims_sizes(input, s, dim, True)
    out = rfft(input, sizes[-1], dims[-1], norm)
    for d, n in zip(dims[:-1], sizes[:-1]):
        out = _c2c(out, n, d, norm, True)
    return out


def irfftn(input, s=None, dim=None, norm=None):
    dims, sizes = _dims_sizes(input, s, dim, True)
    out = input
    for d, n in zip(dims[:-1], sizes[:-1]):
        out = _c2c(out, n, d, norm, False)
    return irfft(out, sizes[-1], dims[-1], norm)


def rfft2(input, s=None, dim=(-2, -1), norm=None):
    return rfftn(input, s, dim, norm)


def irfft2(input, s=None, dim=(-2, -1), norm=None):
    return irfftn(input, s, dim, norm)


def fftfreq(n, d=1.0, *, dtype=None, device=None, layout=None, requires_grad=False):
    k = torch.arange(n, dtype=dtype if dtype is not None else torch.get_default_dtype())
    k = torch.where(k >= (n + 1) // 2, k - n, k)
    out = k / (n * d)
    if requires_grad:
        out.requires_grad_(True)
    return out


def rfftfreq(n, d=1.0, *, dtype=None, device=None, layout=None, requires_grad=False):
    k = torch.arange(n // 2 + 1, dtype=dtype if dtype is not None else torch.get_default_dtype())
    out = k / (n * d)
    if requires_grad:
        out.requires_grad_(True)
    return out


def _roll(x, shifts, dims):
    if x.is_complex():
        return torch.complex(torch.roll(x.real, shifts, dims), torch.roll(x.imag, shifts, dims))
    return torch.roll(x, shifts, dims)


def fftshift(input, dim=None):
    dims = list(range(input.dim())) if dim is None else ([dim] if isinstance(dim, int) else list(dim))
    return _roll(input, [input.shape[d] // 2 for d in dims], dims)


def ifftshift(input, dim=None):
    dims = list(range(input.dim())) if dim is None else ([dim] if isinstance(dim, int) else list(dim))
    return _roll(input, [-(input.shape[d] // 2) for d in dims], dims)
