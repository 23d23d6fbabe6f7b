# badinput: .item() of a 3-element tensor
# expect-exit: 1
# expect-stderr: RuntimeError: a Tensor with 3 elements cannot be converted to Scalar
import torch
x = torch.randn(3)
print(x.item())
