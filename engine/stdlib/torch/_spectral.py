# Window functions and the short-time Fourier transform: torch.hann_window, hamming_window,
# blackman_window, bartlett_window, kaiser_window, torch.stft / torch.istft (and Tensor.stft/istft).
#
# The windows follow ATen's TensorFactories.cpp step by step in the requested dtype (an arange scaled,
# cos'd and shifted), so float32 windows round as PyTorch's do; periodic=True computes the window of
# length N + 1 and drops its last point. kaiser_window evaluates I0 in float64 (the power series) and
# rounds once to the dtype.
#
# stft is ATen's: the signal (1D or 2D) padded by n_fft // 2 on both sides when center=True (F.pad
# with pad_mode on the [1, 1, L] / [1, B, L] view, as torch.functional.stft does), cut into frames of
# n_fft samples every hop_length, each multiplied by the window (zero-padded to n_fft, centred, when
# win_length < n_fft) and transformed by torch.fft.rfft (onesided) or fft; the result is
# [B?, freq, frames], complex, or its view_as_real with return_complex=False. istft inverts it by
# inverse FFTs of the frames, the window applied again, overlap-add of frames and of the squared
# window (ATen's unfold_backward, here index_add in frame order) and a division by that envelope.
# Everything is composed of differentiable ops, so gradients flow through both transforms. Error
# texts are ATen's, including the REPR prefix that names the call.
import math
import warnings

import torch

_FLOAT_DTYPES = None


def _float_dtypes():
    global _FLOAT_DTYPES
    if _FLOAT_DTYPES is None:
        _FLOAT_DTYPES = (torch.float16, torch.bfloat16, torch.float32, torch.float64)
    return _FLOAT_DTYPES


# ATen prints TensorOptions' dtype by its C++ type name (caffe2::TypeMeta).
_TYPEMETA_NAMES = {
    "torch.int64": "long int", "torch.int32": "int", "torch.int16": "short int", "torch.int8": "signed char",
    "torch.uint8": "unsigned char", "torch.bool": "bool", "torch.complex64": "c10::complex<float>",
    "torch.complex128": "c10::complex<double>",
}


def _window_checks(name, window_length, dtype, layout):
    if not isinstance(window_length, int) or isinstance(window_length, bool):
        raise TypeError(f"{name}(): argument 'window_length' (position 1) must be int, not "
                        f"{type(window_length).__name__}")
    if layout is not None and layout != torch.strided:
        raise RuntimeError(f"{name} is not implemented for sparse types, got: TensorOptions(dtype=float, "
                           f"device=cpu, layout={_layout_name(layout)}, requires_grad=false (default), "
                           f"pinned_memory=false, memory_format=(nullopt))")
    if dtype not in _float_dtypes() and dtype not in (torch.complex64, torch.complex128):
        tname = _TYPEMETA_NAMES.get(str(dtype), str(dtype))
        raise RuntimeError(f"{name} expects floating point dtypes, got: TensorOptions(dtype={tname}, device=cpu, "
                           f"layout=Strided (default), requires_grad=false (default), pinned_memory=false, "
                           f"memory_format=(nullopt))")
    if window_length < 0:
        raise RuntimeError(f"{name} requires non-negative window_length, got window_length={window_length}")


def _layout_name(layout):
    return {"torch.sparse_coo": "Sparse", "torch.sparse_csr": "SparseCsr"}.get(repr(layout), "Strided")


def _finish(w, requires_grad):
    if requires_grad:
        w.requires_grad_(True)
    return w


def _trivial(window_length, dtype, device, requires_grad):
    # lengths 0 and 1: an empty window and [1.] (ATen's early returns); None for the others
    if window_length == 0:
        return _finish(torch.empty(0, dtype=dtype, device=device), requires_grad)
    if window_length == 1:
        return _finish(torch.ones(1, dtype=dtype, device=device), requires_grad)
    return None


def _arange(n, dtype, device):
    return torch.arange(n, dtype=dtype, device=device)


def hamming_window(window_length, periodic=True, alpha=0.54, beta=0.46, *, dtype=None, layout=None, device=None,
                   pin_memory=False, requires_grad=False):
    dtype = dtype if dtype is not None else torch.get_default_dtype()
    _window_checks("hamming_window", window_length, dtype, layout)
    w = _trivial(window_length, dtype, device, requires_grad)
    if w is not None:
        return w
    n = window_length + 1 if periodic else window_length
    # ATen: arange(n).mul_(2 pi / (n - 1)).cos_().mul_(-beta).add_(alpha)
    w = _arange(n, dtype, device).mul(2.0 * math.pi / (n - 1)).cos().mul(-beta).add(alpha)
    if periodic:
        w = w.narrow(0, 0, n - 1).clone()
    return _finish(w, requires_grad)


def hann_window(window_length, periodic=True, *, dtype=None, layout=None, device=None, pin_memory=False,
                requires_grad=False):
    dtype = dtype if dtype is not None else torch.get_default_dtype()
    _window_checks("hann_window", window_length, dtype, layout)
    # ATen: hamming_window(window_length, periodic, alpha=0.5, beta=0.5)
    return hamming_window(window_length, periodic, 0.5, 0.5, dtype=dtype, device=device, requires_grad=requires_grad)


def blackman_window(window_length, periodic=True, *, dtype=None, layout=None, device=None, pin_memory=False,
                    requires_grad=False):
    dtype = dtype if dtype is not None else torch.get_default_dtype()
    _window_checks("blackman_window", window_length, dtype, layout)
    w = _trivial(window_length, dtype, device, requires_grad)
    if w is not None:
        return w
    n = window_length + 1 if periodic else window_length
    # ATen: w = arange(n).mul_(pi / (n - 1)); w.mul(4).cos_().mul_(0.08) - w.mul(2).cos_().mul_(0.5) + 0.42
    base = _arange(n, dtype, device).mul(math.pi / (n - 1))
    w = base.mul(4).cos().mul(0.08) - base.mul(2).cos().mul(0.5) + 0.42
    if periodic:
        w = w.narrow(0, 0, n - 1).clone()
    return _finish(w, requires_grad)


def bartlett_window(window_length, periodic=True, *, dtype=None, layout=None, device=None, pin_memory=False,
                    requires_grad=False):
    dtype = dtype if dtype is not None else torch.get_default_dtype()
    _window_checks("bartlett_window", window_length, dtype, layout)
    w = _trivial(window_length, dtype, device, requires_grad)
    if w is not None:
        return w
    n = window_length + 1 if periodic else window_length
    # ATen: w = arange(n).mul_(2 / (n - 1)); its second half becomes 2 - w
    w = _arange(n, dtype, device).mul(2.0 / (n - 1))
    first_half = ((n - 1) >> 1) + 1
    w = torch.cat([w.narrow(0, 0, first_half), w.narrow(0, first_half, n - first_half).mul(-1).add(2)])
    if periodic:
        w = w.narrow(0, 0, n - 1).clone()
    return _finish(w, requires_grad)


def _i0(x):
    # The modified Bessel function of order 0 by its power series, in float64 (x >= 0 here).
    term = 1.0
    total = 1.0
    q = x * x / 4.0
    k = 1
    while True:
        term *= q / (k * k)
        total += term
        if term < total * 1e-17:
            return total
        k += 1


def kaiser_window(window_length, periodic=True, beta=12.0, *, dtype=None, layout=None, device=None,
                  pin_memory=False, requires_grad=False):
    dtype = dtype if dtype is not None else torch.get_default_dtype()
    _window_checks("kaiser_window", window_length, dtype, layout)
    w = _trivial(window_length, dtype, device, requires_grad)
    if w is not None:
        return w
    n = window_length + 1 if periodic else window_length
    # ATen's kernel: I0(beta * sqrt(1 - ((i - alpha) / alpha)^2)) / I0(beta), alpha = (n - 1) / 2
    alpha = (n - 1) / 2.0
    denom = _i0(float(beta))
    vals = []
    for i in range(n):
        r = (i - alpha) / alpha
        vals.append(_i0(float(beta) * math.sqrt(max(0.0, 1.0 - r * r))) / denom)
    w = torch.tensor(vals, dtype=torch.float64).to(dtype)
    if device is not None:
        w = w.to(device)
    if periodic:
        w = w.narrow(0, 0, n - 1).clone()
    return _finish(w, requires_grad)


# ---- stft / istft --------------------------------------------------------------------------------

def _type_string(t):
    # Tensor::toString() as stft/istft print their arguments: the legacy type name (torch.FloatTensor,
    # torch.cuda.FloatTensor) where the dtype has one, else the backend and scalar type
    # (CPUComplexFloatType: complex dtypes have no legacy tensor type).
    names = {
        "torch.complex64": "ComplexFloat", "torch.complex128": "ComplexDouble", "torch.complex32": "ComplexHalf",
    }
    if str(t.dtype) not in names:
        return t.type()
    dev = "CUDA" if t.is_cuda else "CPU"
    return dev + names[str(t.dtype)] + "Type"


def _sizes(t):
    return "[" + ", ".join(str(s) for s in t.shape) + "]"


def _opt(v):
    if v is None:
        return "None"
    if isinstance(v, bool):
        return "1" if v else "0"
    return str(v)


def _window_repr(window):
    if window is None:
        return "None"
    return _type_string(window) + "{" + _sizes(window) + "}"


_warned = set()


def _warn_once(key, msg):
    if key in _warned:
        return
    _warned.add(key)
    warnings.warn(msg, UserWarning, stacklevel=3)


def _int_arg(fname, name, v, pos):
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, int):
        raise TypeError(f"{fname}(): argument '{name}' (position {pos}) must be int, not {type(v).__name__}")
    return v


def stft(input, n_fft, hop_length=None, win_length=None, window=None, center=True, pad_mode="reflect",
         normalized=False, onesided=None, return_complex=None, align_to_window=None):
    if not isinstance(input, torch.Tensor):
        raise TypeError(f"stft(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
    if center and align_to_window is not None:
        raise RuntimeError("stft align_to_window should only be set when center = false")
    n_fft = _int_arg("stft", "n_fft", n_fft, 2)
    hop_length = _int_arg("stft", "hop_length", hop_length, 3)
    win_length = _int_arg("stft", "win_length", win_length, 4)
    # torch.functional.stft pads in Python before the operator runs.
    if center:
        import torch.nn.functional as F
        signal_dim = input.dim()
        extended_shape = [1] * (3 - signal_dim) + list(input.shape)
        pad = int(n_fft // 2)
        input = F.pad(input.view(extended_shape), [pad, pad], pad_mode)
        input = input.view(input.shape[-signal_dim:])
    return _stft_op(input, n_fft, hop_length, win_length, window, normalized, onesided, return_complex,
                    align_to_window)


def _stft_op(self, n_fft, hop_opt, win_opt, window, normalized, onesided_opt, return_complex_opt,
             align_to_window=None):
    hop_length = hop_opt if hop_opt is not None else n_fft >> 2
    win_length = win_opt if win_opt is not None else n_fft

    def repr_():
        return (f"stft({_type_string(self)}{_sizes(self)}, n_fft={n_fft}, hop_length={hop_length}, "
                f"win_length={win_length}, window={_window_repr(window)}, normalized={_opt(bool(normalized))}, "
                f"onesided={_opt(onesided_opt)}, return_complex={_opt(return_complex_opt)}, "
                f"align_to_window={_opt(align_to_window)}) ")

    if window is not None and window.device != self.device:
        raise RuntimeError(f"stft input and window must be on the same device but got self on {self.device} and "
                           f"window on {window.device}")
    if return_complex_opt is None:
        return_complex = self.is_complex() or (window is not None and window.is_complex())
    else:
        return_complex = bool(return_complex_opt)
    if not return_complex:
        if return_complex_opt is None:
            raise RuntimeError("stft requires the return_complex parameter be given for real inputs, and will further "
                               "require that return_complex=True in a future PyTorch release.")
        _warn_once("stft_real", "stft with return_complex=False is deprecated. In a future pytorch release, stft will "
                                "return complex tensors for all inputs, and return_complex=False will raise an error.\n"
                                "Note: you can still call torch.view_as_real on the complex output to recover the old "
                                "return format.")
    if not (self.is_floating_point() or self.is_complex()):
        raise RuntimeError(repr_() + ": expected a tensor of floating point or complex values")
    if self.dim() > 2 or self.dim() < 1:
        raise RuntimeError(repr_() + ": expected a 1D or 2D tensor")
    x = self.unsqueeze(0) if self.dim() == 1 else self
    length = x.shape[1]
    if n_fft <= 0 or n_fft > length:
        raise RuntimeError(repr_() + f": expected 0 < n_fft < {length}, but got n_fft={win_length}")
    if hop_length <= 0:
        raise RuntimeError(repr_() + f": expected hop_length > 0, but got hop_length={hop_length}")
    if win_length <= 0 or win_length > n_fft:
        raise RuntimeError(repr_() + f": expected 0 < win_length <= n_fft, but got win_length={win_length}")
    if window is not None and (window.dim() != 1 or window.shape[0] != win_length):
        raise RuntimeError(repr_() + f": expected a 1D window tensor of size equal to win_length={win_length}, but "
                                     f"got window with size {_sizes(window)}")
    if window is None:
        _warn_once("stft_window", "A window was not provided. A rectangular window will be applied, which is known to "
                                  "cause spectral leakage. Other windows such as torch.hann_window or "
                                  "torch.hamming_window are recommended to reduce spectral leakage. To suppress this "
                                  "warning and use a rectangular window, explicitly set `window=torch.ones(n_fft, "
                                  "device=<device>)`.")
    win = window
    if win_length < n_fft:
        left = (n_fft - win_length) // 2
        if window is not None:
            win = torch.cat([torch.zeros(left, dtype=window.dtype, device=window.device), window,
                             torch.zeros(n_fft - win_length - left, dtype=window.dtype, device=window.device)])
        else:
            win = torch.zeros(n_fft, dtype=self.dtype, device=self.device)
            win[left:left + win_length] = 1
    if align_to_window and win_length < n_fft:
        # Frames start where the window starts: win_length samples per frame, placed at the window's
        # offset inside the n_fft-point transform.
        left = (n_fft - win_length) // 2
        import torch.nn.functional as F
        frames = F.pad(x.unfold(-1, win_length, hop_length), [left, n_fft - win_length - left])
    else:
        frames = x.unfold(-1, n_fft, hop_length)  # [batch, n_frames, n_fft]
    if win is not None:
        frames = frames * win
    complex_fft = frames.is_complex()
    onesided = onesided_opt if onesided_opt is not None else not complex_fft
    norm = "ortho" if normalized else "backward"
    if complex_fft:
        if onesided:
            raise RuntimeError("Cannot have onesided output if window or input is complex")
        out = torch.fft.fft(frames, dim=-1, norm=norm)
    elif onesided:
        out = torch.fft.rfft(frames, dim=-1, norm=norm)
    else:
        out = torch.fft.fft(frames, dim=-1, norm=norm)
    out = out.transpose(1, 2)
    if self.dim() == 1:
        out = out.squeeze(0)
    if return_complex:
        return out
    return torch.view_as_real(out)


def _overlap_add(frames, length, hop):
    # frames [C, n_frames, n_fft] summed into [C, length] at offsets f * hop (unfold's backward),
    # frame by frame in order.
    n_frames, n_fft = frames.shape[1], frames.shape[2]
    dev = frames.device
    idx = (torch.arange(n_frames, device=dev).unsqueeze(1) * hop
           + torch.arange(n_fft, device=dev).unsqueeze(0)).reshape(-1)
    flat = frames.reshape(frames.shape[0], n_frames * n_fft)
    if flat.is_complex():
        re = torch.zeros(frames.shape[0], length, dtype=flat.real.dtype, device=dev).index_add(1, idx, flat.real)
        im = torch.zeros(frames.shape[0], length, dtype=flat.real.dtype, device=dev).index_add(1, idx, flat.imag)
        return torch.complex(re, im)
    return torch.zeros(frames.shape[0], length, dtype=flat.dtype, device=dev).index_add(1, idx, flat)


def istft(input, n_fft, hop_length=None, win_length=None, window=None, center=True, normalized=False,
          onesided=None, length=None, return_complex=False):
    if not isinstance(input, torch.Tensor):
        raise TypeError(f"istft(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
    self = input
    n_fft = _int_arg("istft", "n_fft", n_fft, 2)
    hop_opt = _int_arg("istft", "hop_length", hop_length, 3)
    win_opt = _int_arg("istft", "win_length", win_length, 4)
    length = _int_arg("istft", "length", length, 9)
    hop_length = hop_opt if hop_opt is not None else n_fft >> 2
    win_length = win_opt if win_opt is not None else n_fft

    def repr_():
        return (f"istft({_type_string(self)}{_sizes(self)}, n_fft={n_fft}, hop_length={hop_length}, "
                f"win_length={win_length}, window={_window_repr(window)}, center={_opt(bool(center))}, "
                f"normalized={_opt(bool(normalized))}, onesided={_opt(onesided)}, length={_opt(length)}, "
                f"return_complex={_opt(bool(return_complex))}) ")

    if window is not None and window.device != self.device:
        raise RuntimeError(f"istft input and window must be on the same device but got self on {self.device} and "
                           f"window on {window.device}")
    if not self.is_complex():
        raise RuntimeError("istft requires a complex-valued input tensor matching the output from stft with "
                           "return_complex=True.")
    real = torch.view_as_real(self)
    input_dim = real.dim()
    n_frames = real.shape[-2] if input_dim >= 2 else 0
    fft_size = real.shape[-3] if input_dim >= 3 else 0
    expected_len = n_fft + hop_length * (n_frames - 1)
    if real.numel() == 0:
        raise RuntimeError(repr_() + ": input tensor cannot be empty.")
    if input_dim != 3 and input_dim != 4:
        raise RuntimeError(repr_() + f": expected a tensor with 3 or 4 dimensions, but got {input_dim}")
    is_onesided = onesided if onesided is not None else fft_size != n_fft
    if is_onesided:
        if n_fft // 2 + 1 != fft_size:
            raise RuntimeError(repr_() + ": expected the frequency dimension (3rd to the last) of the input tensor to "
                                         f"match n_fft / 2 + 1 when onesided=True, but got {fft_size}")
    elif n_fft != fft_size:
        raise RuntimeError(repr_() + ": expected the frequency dimension (3rd to the last) of the input tensor to "
                                     f"match n_fft when onesided=False, but got {fft_size}")
    if not (0 < hop_length <= win_length):
        raise RuntimeError(repr_() + ": expected 0 < hop_length <= win_length")
    if not (0 < win_length <= n_fft):
        raise RuntimeError(repr_() + ": expected 0 < win_length <= n_fft")
    if window is not None and (window.dim() != 1 or window.shape[0] != win_length):
        raise RuntimeError(repr_() + ": Invalid window shape. window has to be 1D and length of `win_length`")
    rdtype = real.dtype
    win = window if window is not None else torch.ones(win_length, dtype=rdtype, device=self.device)
    if win_length != n_fft:
        left = (n_fft - win_length) // 2
        win = torch.cat([torch.zeros(left, dtype=win.dtype, device=win.device), win,
                         torch.zeros(n_fft - win_length - left, dtype=win.dtype, device=win.device)])
    spec = self.unsqueeze(0) if input_dim == 3 else self
    spec = spec.transpose(1, 2)  # [channel, n_frames, fft_size]
    norm = "ortho" if normalized else "backward"
    if return_complex:
        if is_onesided:
            raise RuntimeError("Cannot have onesided output if window or input is complex")
        frames = torch.fft.ifft(spec, dim=-1, norm=norm)
    else:
        if window is not None and window.is_complex():
            raise RuntimeError("Complex windows are incompatible with return_complex=False")
        if not is_onesided:
            spec = spec[..., : n_fft // 2 + 1]
        frames = torch.fft.irfft(spec, n=n_fft, dim=-1, norm=norm)
    y = _overlap_add(frames * win, expected_len, hop_length)
    env = _overlap_add((win * win).reshape(1, 1, n_fft).expand(1, n_frames, n_fft), expected_len, hop_length)
    start = n_fft // 2 if center else 0
    if length is not None:
        end = start + length
    elif center:
        end = -(n_fft // 2)
    else:
        end = expected_len
    y = y[:, start:end]
    env = env[:, start:end]
    if bool(env.abs().min() < 1e-11):
        raise RuntimeError(repr_() + "window overlap add min: 1\n[ CPUBoolType{} ]")
    y = y / env
    if input_dim == 3:
        y = y.squeeze(0)
    if end > expected_len:
        _warn_once("istft_len", "The length of signal is shorter than the length parameter. Result is being padded "
                                "with zeros in the tail. Please check your center and hop_length settings.")
        import torch.nn.functional as F
        y = F.pad(y, [0, end - expected_len])
    return y
