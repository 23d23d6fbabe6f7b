# badinput: autograd hook returns wrong shape (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: hook '<lambda>' has changed the size of value
import torch
x = torch.ones(3, requires_grad=True)
x.register_hook(lambda g: torch.ones(4))
(x * 2).sum().backward()
