# badinput: optim.Adafactor stepping a complex parameter
# expect-exit: 1
# expect-stderr: RuntimeError: Adafactor does not support complex parameters
import torch
p = torch.nn.Parameter(torch.ones(3, dtype=torch.complex64))
o = torch.optim.Adafactor([p])
p.grad = torch.ones(3, dtype=torch.complex64)
o.step()
