# badinput: fft.rfft of a complex input
# expect-exit: 1
# expect-stderr: RuntimeError: rfft expects a real input tensor, but got ComplexFloat
import torch
torch.fft.rfft(torch.randn(4, dtype=torch.complex64))
