# badinput: a tensor hook that raises ZeroDivisionError during backward
# expect-exit: 1
# expect-stderr: ZeroDivisionError: division by zero
import torch
x = torch.ones(2, requires_grad=True)
x.register_hook(lambda g: 1 / 0)
(x * 2).sum().backward()
