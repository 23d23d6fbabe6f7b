# badinput: a hook returning an int64 gradient for a float tensor
# expect-exit: 1
# expect-stderr: RuntimeError: hook '<lambda>' has changed the type of value (was torch.FloatTensor got torch.LongTensor)
import torch
a = torch.ones(2, requires_grad=True)
y = a * 2
y.register_hook(lambda g: torch.ones(2, dtype=torch.long))
y.sum().backward()
print(a.grad)
