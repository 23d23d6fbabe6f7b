# badinput: fft.fft with an unknown norm mode
# expect-exit: 1
# expect-stderr: RuntimeError: Invalid normalization mode: "bogus"
import torch
torch.fft.fft(torch.randn(4), norm="bogus")
