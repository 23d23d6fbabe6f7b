# badinput: a tensor hook returning a grad of another size
# expect-exit: 1
# expect-stderr: RuntimeError: hook '<lambda>' has changed the size of value
import torch
x = torch.ones(2, requires_grad=True)
x.register_hook(lambda g: torch.ones(3))
(x * 2).sum().backward()
