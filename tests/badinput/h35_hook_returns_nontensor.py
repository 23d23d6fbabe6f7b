# badinput: a tensor hook returning a str
# expect-exit: 1
# expect-stderr: TypeError: expected Variable, but hook returned 'str'
import torch
x = torch.ones(2, requires_grad=True)
x.register_hook(lambda g: "x")
(x * 2).sum().backward()
