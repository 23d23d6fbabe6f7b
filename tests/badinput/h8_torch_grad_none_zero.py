# badinput: PyTorch misuse: grad none zero
# expect-exit: 1
# expect-stderr: AttributeError: 'NoneType' object has no attribute 'zero_'
import torch
x = torch.zeros(2, requires_grad=True)
x.grad.zero_()
