# badinput: fft.irfft with a negative n
# expect-exit: 1
# expect-stderr: RuntimeError: Invalid number of data points (-3) specified
import torch
torch.fft.irfft(torch.randn(4, dtype=torch.complex64), n=-3)
