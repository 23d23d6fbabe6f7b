// Window functions and torch.stft/istft (engine/stdlib/torch/_spectral.py): windows against their
// closed forms in float64, periodic vs symmetric, stft against a direct DFT of the framed signal
// (center padding, win_length < n_fft, onesided/two-sided, normalized, return_complex=False), the
// istft round trip, gradients through both, and ATen's error texts.
#include <catch2/catch.hpp>

#include <string>

#include "support/program.h"

using kiln::testing::program_error;
using kiln::testing::program_output;

TEST_CASE("spectral: windows against their closed forms", "[bindings][spectral]") {
    CHECK(program_output(R"PY(
import math
def close(t, ref):
    return all(abs(a - b) < 1e-12 for a, b in zip(t.tolist(), ref)) and len(t) == len(ref)
N = 7
d = torch.float64
print(close(torch.hann_window(N, False, dtype=d), [0.5 - 0.5 * math.cos(2 * math.pi * n / (N - 1)) for n in range(N)]))
print(close(torch.hann_window(N, dtype=d), [0.5 - 0.5 * math.cos(2 * math.pi * n / N) for n in range(N)]))
print(close(torch.hamming_window(N, dtype=d), [0.54 - 0.46 * math.cos(2 * math.pi * n / N) for n in range(N)]))
print(close(torch.hamming_window(N, False, 0.6, 0.4, dtype=d), [0.6 - 0.4 * math.cos(2 * math.pi * n / (N - 1)) for n in range(N)]))
print(close(torch.blackman_window(N, False, dtype=d), [0.42 - 0.5 * math.cos(2 * math.pi * n / (N - 1)) + 0.08 * math.cos(4 * math.pi * n / (N - 1)) for n in range(N)]))
print(close(torch.bartlett_window(N, False, dtype=d), [1 - abs(2 * n / (N - 1) - 1) for n in range(N)]))
print(close(torch.bartlett_window(6, dtype=d), [1 - abs(2 * n / 6 - 1) for n in range(6)]))
def i0(x):
    return sum((x / 2) ** (2 * k) / math.factorial(k) ** 2 for k in range(60))
print(close(torch.kaiser_window(N, False, 5.0, dtype=d), [i0(5.0 * math.sqrt(1 - ((n - 3) / 3) ** 2)) / i0(5.0) for n in range(N)]))
print(torch.hann_window(0).shape, torch.hann_window(1).tolist(), torch.hann_window(4).dtype, torch.hann_window(4, dtype=d).dtype)
print(torch.hann_window(3, requires_grad=True).requires_grad)
)PY") == "True\nTrue\nTrue\nTrue\nTrue\nTrue\nTrue\nTrue\ntorch.Size([0]) [1.0] torch.float32 torch.float64\nTrue\n");
    CHECK(program_error("torch.hann_window(-1)") ==
          "RuntimeError: hann_window requires non-negative window_length, got window_length=-1");
}

TEST_CASE("spectral: stft against a direct DFT, istft round trip, gradients", "[bindings][spectral]") {
    CHECK(program_output(R"PY(
import math
import torch.nn.functional as F
torch.manual_seed(0)
x = torch.randn(2, 20, dtype=torch.float64)
w = torch.hann_window(6, dtype=torch.float64)
def ref(x, n_fft, hop, win, center, onesided, normalized):
    if center:
        x = F.pad(x.unsqueeze(0), [n_fft // 2, n_fft // 2], "reflect").squeeze(0)
    L = x.shape[-1]
    frames = 1 + (L - n_fft) // hop
    bins = n_fft // 2 + 1 if onesided else n_fft
    out = torch.zeros(x.shape[0], bins, frames, dtype=torch.complex128)
    for b in range(x.shape[0]):
        for t in range(frames):
            seg = [x[b, t * hop + n].item() * win[n].item() for n in range(n_fft)]
            for k in range(bins):
                re = sum(seg[n] * math.cos(2 * math.pi * k * n / n_fft) for n in range(n_fft))
                im = -sum(seg[n] * math.sin(2 * math.pi * k * n / n_fft) for n in range(n_fft))
                s = 1 / math.sqrt(n_fft) if normalized else 1.0
                out[b, k, t] = complex(re * s, im * s)
    return out
win8 = torch.cat([torch.zeros(1, dtype=torch.float64), w, torch.zeros(1, dtype=torch.float64)])
s = torch.stft(x, 8, hop_length=3, win_length=6, window=w, return_complex=True)
print(s.shape, s.dtype, torch.allclose(s, ref(x, 8, 3, win8, True, True, False)))
s2 = torch.stft(x, 8, hop_length=2, window=torch.ones(8, dtype=torch.float64), center=False, onesided=False, normalized=True, return_complex=True)
print(s2.shape, torch.allclose(s2, ref(x, 8, 2, torch.ones(8, dtype=torch.float64), False, False, True)))
r = torch.stft(x[0], 8, window=torch.ones(8, dtype=torch.float64), return_complex=False)
print(r.shape, torch.allclose(torch.view_as_complex(r.contiguous()), torch.stft(x[0], 8, window=torch.ones(8, dtype=torch.float64), return_complex=True)))
hw = torch.hann_window(8, dtype=torch.float64)
y = torch.istft(torch.stft(x, 8, hop_length=2, window=hw, return_complex=True), 8, hop_length=2, window=hw, length=20)
print(y.shape, torch.allclose(y, x))
y2 = torch.istft(torch.stft(x[0], 8, hop_length=2, window=hw, onesided=False, return_complex=True), 8, hop_length=2, window=hw)
print(y2.shape, torch.allclose(y2, x[0, :y2.shape[0]]))
a = torch.randn(16, dtype=torch.float64, requires_grad=True)
print(torch.autograd.gradcheck(lambda t: torch.view_as_real(torch.stft(t, 4, hop_length=2, window=torch.hann_window(4, dtype=torch.float64), return_complex=True)), (a,)))
spec = torch.stft(a.detach(), 4, hop_length=1, window=torch.hann_window(4, dtype=torch.float64), return_complex=True)
re = torch.view_as_real(spec).detach().contiguous().requires_grad_(True)
print(torch.autograd.gradcheck(lambda t: torch.istft(torch.view_as_complex(t), 4, hop_length=1, window=torch.hann_window(4, dtype=torch.float64)), (re,)))
)PY") == "torch.Size([2, 5, 7]) torch.complex128 True\ntorch.Size([2, 8, 7]) True\ntorch.Size([5, 11, 2]) True\n"
           "torch.Size([2, 20]) True\ntorch.Size([20]) True\nTrue\nTrue\n");
    CHECK(program_error("torch.stft(torch.ones(10), 4)") ==
          "RuntimeError: stft requires the return_complex parameter be given for real inputs, and will further require "
          "that return_complex=True in a future PyTorch release.");
    CHECK(program_error("torch.stft(torch.ones(10), 4, window=torch.ones(3), return_complex=True)") ==
          "RuntimeError: stft(torch.FloatTensor[14], n_fft=4, hop_length=1, win_length=4, window=torch.FloatTensor{[3]}, "
          "normalized=0, onesided=None, return_complex=1, align_to_window=None) : expected a 1D window tensor of size equal to win_length=4, "
          "but got window with size [3]");
    CHECK(program_error("torch.istft(torch.ones(3, 4), 4)") ==
          "RuntimeError: istft requires a complex-valued input tensor matching the output from stft with "
          "return_complex=True.");
}

TEST_CASE("spectral: |z| of a complex zero has gradient 0, as PyTorch's AbsBackward0", "[bindings][spectral]") {
    CHECK(program_output(R"PY(
a = torch.tensor([0.0, 3.0, 0.0], dtype=torch.float64, requires_grad=True)
b = torch.tensor([0.0, 4.0, -2.0], dtype=torch.float64, requires_grad=True)
m = torch.complex(a, b).abs()
print(m.tolist(), m.grad_fn.name())
m.sum().backward()
print(a.grad.tolist(), b.grad.tolist())
)PY") == "[0.0, 5.0, 2.0] AbsBackward0\n[0.0, 0.6, 0.0] [0.0, 0.8, -1.0]\n");
}
