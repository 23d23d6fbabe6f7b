# badinput: fft.fftn with s and dim of different lengths
# expect-exit: 1
# expect-stderr: RuntimeError: When given, dim and shape arguments must have the same length
import torch
torch.fft.fftn(torch.randn(4, 4), s=(2, 2), dim=(0,))
