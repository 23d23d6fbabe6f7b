# badinput: .item() of an empty tensor
# expect-exit: 1
# expect-stderr: RuntimeError: a Tensor with 0 elements cannot be converted to Scalar
import torch
x = torch.randn(0)
print(x.item())
