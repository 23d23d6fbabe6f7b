# badinput: torch API misuse: numpy requires grad
# expect-exit: 1
# expect-stderr: RuntimeError: Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.
import torch
torch.ones(2, requires_grad=True).numpy()
