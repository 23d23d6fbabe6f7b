# badinput: t numpy of grad (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.
import torch
x = torch.ones(2, requires_grad=True)
(x * 2).numpy()
