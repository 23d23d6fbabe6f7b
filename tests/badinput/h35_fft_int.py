# badinput: fft.fft of an integer tensor (promoted to complex64)
# expect-exit: 0
# expect-stdout: tensor([ 6.0000+0.0000j, -1.5000+0.8660j, -1.5000-0.8660j])
import torch
print(torch.fft.fft(torch.tensor([1, 2, 3])))
