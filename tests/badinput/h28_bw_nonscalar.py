# badinput: backward of a non-scalar without a gradient
# expect-exit: 1
# expect-stderr: RuntimeError: grad can be implicitly created only for scalar outputs
import torch
x = torch.randn(3, requires_grad=True)
y = x * 2
y.backward()
