# badinput: fft.fft of an empty tensor
# expect-exit: 1
# expect-stderr: RuntimeError: Invalid number of data points (0) specified
import torch
torch.fft.fft(torch.randn(0))
