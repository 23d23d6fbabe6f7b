# badinput: requires_grad on an int tensor
# expect-exit: 1
# expect-stderr: RuntimeError: Only Tensors of floating point and complex dtype can require gradients
import torch
torch.ones(3, dtype=torch.long, requires_grad=True)
