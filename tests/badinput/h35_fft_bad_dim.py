# badinput: fft.fft over a dim past the tensor's
# expect-exit: 1
# expect-stderr: IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 3)
import torch
torch.fft.fft(torch.randn(4), dim=3)
