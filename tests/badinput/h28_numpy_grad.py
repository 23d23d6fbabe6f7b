# badinput: .numpy() of a tensor that requires grad
# expect-exit: 1
# expect-stderr: RuntimeError: Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.
import torch
x = torch.randn(3, requires_grad=True)
print(x.numpy())
