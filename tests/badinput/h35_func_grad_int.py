# badinput: torch.func.grad at an integer input
# expect-exit: 1
# expect-stderr: RuntimeError: only Tensors of floating point dtype can require gradients
import torch
torch.func.grad(lambda x: x * 2)(torch.tensor(2))
