# badinput: backward() from a complex non-scalar output (no implicit grad)
# expect-exit: 1
# expect-stderr: RuntimeError: grad can be implicitly created only for real scalar outputs but got torch.complex64
import torch
x = torch.tensor([1+1j], requires_grad=True)
(x * x).backward()
