# badinput: backward() of a complex scalar: PyTorch refuses the implicit gradient (it was a silent success)
# expect-exit: 1
# expect-stderr: RuntimeError: grad can be implicitly created only for real scalar outputs but got torch.complex64
import torch
x = torch.ones(2, requires_grad=True)
(x * 1j).sum().backward()
