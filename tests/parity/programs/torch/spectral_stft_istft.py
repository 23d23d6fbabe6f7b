import torch
# torch.stft / torch.istft: shapes, values (rounded: FFT algorithms differ in the last ulp) for
# centred and non-centred frames, win_length < n_fft, onesided and two-sided, normalized,
# return_complex=False, batched input; istft round trips; gradients; ATen's error texts.
# (|stft| is differentiated on a convex signal: a linear one has near-zero bins where abs has no gradient.)


def show(t):
    r = torch.view_as_real(t) if t.is_complex() else t
    return (r * 1000).round() / 1000 + 0.0


x = torch.sin(torch.arange(32.0) * 0.7) + 0.1 * torch.arange(32.0)
w = torch.hann_window(8)
s = torch.stft(x, 8, hop_length=4, window=w, return_complex=True)
print(s.shape, s.dtype)
print(show(s[:, :3]))
s2 = torch.stft(x, 8, hop_length=2, win_length=6, window=torch.hann_window(6), center=False, return_complex=True)
print(s2.shape, show(s2[:, 0]))
s3 = torch.stft(x, 8, window=w, onesided=False, normalized=True, return_complex=True)
print(s3.shape, show(s3[:, 1]))
s4 = torch.stft(x, 8, window=w, pad_mode="constant", return_complex=True)
print(show(s4[:, 0]))
r = torch.stft(x.reshape(2, 16), 4, window=torch.hann_window(4), return_complex=False)
print(r.shape, show(r[1, :, 1]))
y = torch.istft(s, 8, hop_length=4, window=w, length=32)
print(y.shape, torch.allclose(y, x, atol=1e-5))
y2 = torch.istft(torch.stft(x, 8, hop_length=2, window=w, return_complex=True), 8, hop_length=2, window=w)
print(y2.shape, torch.allclose(y2, x, atol=1e-5))
b = torch.stack([x, 2 * x])
yb = torch.istft(torch.stft(b, 8, hop_length=2, window=w, return_complex=True), 8, hop_length=2, window=w, length=32)
print(yb.shape, torch.allclose(yb, b, atol=1e-5))
a = torch.linspace(-1, 1, 16, requires_grad=True)
mag = torch.view_as_real(torch.stft(a, 4, hop_length=2, window=torch.hann_window(4), return_complex=True)).pow(2).sum()
mag.backward()
print(round(mag.item(), 3), show(a.grad))
a.grad = None
torch.stft(a.exp(), 4, hop_length=2, window=torch.hann_window(4), return_complex=True).abs().sum().backward()
print(show(a.grad))
try:
    torch.stft(x, 8)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.stft(x, 8, window=torch.ones(5), return_complex=True)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.stft(torch.ones(4), 8, center=False, return_complex=True)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.istft(torch.ones(5, 3), 8)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.istft(s, 10, window=w)
except RuntimeError as e:
    print("RuntimeError:", e)
# align_to_window (center=False only): frames begin where the shorter window begins.
sa = torch.stft(x, 8, hop_length=4, win_length=4, window=torch.hann_window(4), center=False, return_complex=True,
                align_to_window=True)
print(sa.shape, show(sa[:, 1]))
try:
    torch.stft(x, 8, return_complex=True, align_to_window=False)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.stft(x, 8, hop_length=2, window=torch.hann_window(5), center=False, return_complex=True,
               align_to_window=True)
except RuntimeError as e:
    print("RuntimeError:", e)
