# badinput: fft.fft with n=0
# expect-exit: 1
# expect-stderr: RuntimeError: Invalid number of data points (0) specified
import torch
torch.fft.fft(torch.randn(4), n=0)
