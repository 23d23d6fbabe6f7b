# torch.fft: discrete Fourier transforms over Kiln's complex tensors.
#
# Each transform is ATen's composition (aten/src/ATen/native/SpectralOps.cpp) of the three primitives
# torch._fft_c2c / _fft_r2c / _fft_c2r (ops/fft.cpp: mixed-radix FFTs in double precision, rounded to the
# result's dtype; their grad_fns FftC2CBackward0 / FftR2CBackward0 / FftC2RBackward0): the input promoted
# as promote_tensor_fft does (integers to the default float dtype; half precision refused on the CPU), the
# transformed dimensions trimmed or zero-padded to `n` / `s` (resize_fft_input), the norm mode turned into
# ATen's normalization code for the direction (norm_from_string), and the inverse real transforms done as
# ATen does them (ifft of a real signal is the conjugate of its forward r2c; hfft conjugates before its
# c2r). Covered: fft, ifft, rfft, irfft, hfft, ihfft, fft2, ifft2, fftn, ifftn, rfft2, irfft2, rfftn, irfftn,
# fftfreq, rfftfreq, fftshift, ifftshift. Not covered: out= arguments, complex32, hfft2/hfftn/ihfft2/ihfftn.
import torch


def _norm_mode(norm, forward):
    # ATen's fft_norm_mode: 0 none, 1 by 1/sqrt(n), 2 by 1/n
    if norm is None or norm == "backward":
        return 0 if forward else 2
    if norm == "forward":
        return 2 if forward else 0
    if norm == "ortho":
        return 1
    raise RuntimeError(f'Invalid normalization mode: "{norm}"')


_SCALAR_NAMES = {"torch.float16": "Half", "torch.bfloat16": "BFloat16", "torch.complex64": "ComplexFloat",
                 "torch.complex128": "ComplexDouble", "torch.float32": "Float", "torch.float64": "Double"}


def _promote(x, require_complex=False):
    # promote_tensor_fft: complex stays; integers and bool take the default float dtype; float16 and
    # bfloat16 only on CUDA (Kiln computes them there as float32, its FFT has no half kernels)
    if x.is_complex():
        return x
    dt = x.dtype
    if not x.is_floating_point():
        dt = torch.get_default_dtype()
    if dt in (torch.float16, torch.bfloat16):
        if x.device.type == "cpu":
            raise RuntimeError(f"Unsupported dtype {_SCALAR_NAMES[str(dt)]}")
        dt = torch.float32
    if require_complex:
        dt = torch.complex128 if dt == torch.float64 else torch.complex64
    return x if x.dtype == dt else x.to(dt)


def _wrap_dim(dim, ndim):
    if dim < -ndim or dim >= ndim:
        raise IndexError(
            f"Dimension out of range (expected to be in range of [{-ndim}, {ndim - 1}], but got {dim})")
    return dim + ndim if dim < 0 else dim


def _check_n(n):
    if n < 1:
        raise RuntimeError(f"Invalid number of data points ({n}) specified")


def _resize(x, dims, sizes):
    # resize_fft_input: trim each transformed dimension to its size, or zero-pad it at the end
    pad = [0] * (2 * x.dim())
    must_pad = False
    for d, n in zip(dims, sizes):
        if n == -1:
            continue
        if x.shape[d] < n:
            must_pad = True
            pad[len(pad) - 2 * d - 1] = n - x.shape[d]
        if x.shape[d] > n:
            x = x.narrow(d, 0, n)
    if not must_pad:
        return x
    while len(pad) > 2 and pad[-1] == 0 and pad[-2] == 0:
        pad = pad[:-2]
    return torch.nn.functional.pad(x, pad)


def _real_input_check(name, x):
    if x.is_complex():
        raise RuntimeError(f"{name} expects a real input tensor, but got {_SCALAR_NAMES[str(x.dtype)]}")


def _one_dim(x, n, dim):
    # fft_c2c / fft_r2c's common start: the dimension wrapped, then `n` checked and the signal resized to it
    dim = _wrap_dim(dim, x.dim())
    _check_n(x.shape[dim] if n is None else n)
    return (x if n is None else _resize(x, [dim], [n])), dim


def _c2c_1d(input, n, dim, norm, forward):
    x, dim = _one_dim(_promote(input, require_complex=True), n, dim)
    return torch._fft_c2c(x, [dim], _norm_mode(norm, forward), forward)


def _r2c_1d(name, input, n, dim, norm, forward, onesided):
    _real_input_check(name, input)
    x, dim = _one_dim(_promote(input), n, dim)
    r = torch._fft_r2c(x, [dim], _norm_mode(norm, forward), onesided)
    return r if forward else r.conj()


def _c2r_1d(name, input, n, dim, norm, forward):
    x = _promote(input, require_complex=True)
    dim = _wrap_dim(dim, x.dim())
    last = 2 * (x.shape[dim] - 1) if n is None else n
    _check_n(last)
    if n is not None:
        x = _resize(x, [dim], [n // 2 + 1])
    if forward:
        x = x.conj()
    return torch._fft_c2r(x, [dim], _norm_mode(norm, forward), last)


def fft(input, n=None, dim=-1, norm=None):
    if input.is_complex():
        return _c2c_1d(input, n, dim, norm, True)
    return _r2c_1d("fft", input, n, dim, norm, True, False)


def ifft(input, n=None, dim=-1, norm=None):
    if input.is_complex():
        return _c2c_1d(input, n, dim, norm, False)
    return _r2c_1d("ifft", input, n, dim, norm, False, False)


def rfft(input, n=None, dim=-1, norm=None):
    return _r2c_1d("rfft", input, n, dim, norm, True, True)


def irfft(input, n=None, dim=-1, norm=None):
    return _c2r_1d("irfft", input, n, dim, norm, False)


def hfft(input, n=None, dim=-1, norm=None):
    return _c2r_1d("hfft", input, n, dim, norm, True)


def ihfft(input, n=None, dim=-1, norm=None):
    return _r2c_1d("ihfft", input, n, dim, norm, False, True)


def _shape_and_dims(x, s, dim):
    # torch/_refs/fft.py's _canonicalize_fft_shape_and_dim_args
    ndim = x.dim()
    dims = None
    if dim is not None:
        if isinstance(dim, int):
            dim = (dim,)
        dims = [_wrap_dim(d, ndim) for d in dim]
        if len(set(dims)) != len(dims):
            raise RuntimeError("FFT dims must be unique")
    if s is not None:
        if isinstance(s, int):
            s = (s,)
        if dim is not None and len(dim) != len(s):
            raise RuntimeError("When given, dim and shape arguments must have the same length")
        if len(s) > ndim:
            raise RuntimeError(f"Got shape with {len(s)} values but input tensor only has {ndim} dimensions.")
        if dims is None:
            dims = list(range(ndim - len(s), ndim))
        shape = [n if n != -1 else x.shape[d] for n, d in zip(s, dims)]
    elif dims is None:
        dims = list(range(ndim))
        shape = list(x.shape)
    else:
        shape = [x.shape[d] for d in dims]
    for n in shape:
        _check_n(n)
    return shape, dims


def _fftn_c2c(input, s, dim, norm, forward):
    shape, dims = _shape_and_dims(input, s, dim)
    x = _resize(_promote(input, require_complex=True), dims, shape)
    return torch._fft_c2c(x, dims, _norm_mode(norm, forward), forward)


def fftn(input, s=None, dim=None, norm=None):
    return _fftn_c2c(input, s, dim, norm, True)


def ifftn(input, s=None, dim=None, norm=None):
    return _fftn_c2c(input, s, dim, norm, False)


def fft2(input, s=None, dim=(-2, -1), norm=None):
    return fftn(input, s, dim, norm)


def ifft2(input, s=None, dim=(-2, -1), norm=None):
    return ifftn(input, s, dim, norm)


def rfftn(input, s=None, dim=None, norm=None):
    if input.is_complex():
        raise RuntimeError(f"rfftn expects a real-valued input tensor, but got {_SCALAR_NAMES[str(input.dtype)]}")
    shape, dims = _shape_and_dims(input, s, dim)
    if not shape:
        raise RuntimeError("rfftn must transform at least one axis")
    x = _resize(_promote(input), dims, shape)
    return torch._fft_r2c(x, dims, _norm_mode(norm, True), True)


def irfftn(input, s=None, dim=None, norm=None):
    shape, dims = _shape_and_dims(input, s, dim)
    if not shape:
        raise RuntimeError("irfftn must transform at least one axis")
    last = 2 * (input.shape[dims[-1]] - 1) if s is None or s[-1] == -1 else shape[-1]
    _check_n(last)
    shape[-1] = last // 2 + 1
    x = _resize(_promote(input, require_complex=True), dims, shape)
    return torch._fft_c2r(x, dims, _norm_mode(norm, False), last)


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
