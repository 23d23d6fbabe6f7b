# badinput: backward of a non-scalar without a gradient
# expect-exit: 1
# expect-stderr: RuntimeError: grad can be implicitly created only for scalar outputs
import torch
x = torch.ones(2, requires_grad=True)
(x * 2).backward()
