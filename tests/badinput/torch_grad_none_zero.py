# badinput: zeroing a grad that is None
# expect-exit: 1
# expect-stderr: AttributeError: 'NoneType' object has no attribute 'zero_'
import torch
x = torch.ones(2, requires_grad=True)
x.grad.zero_()
