# badinput: nn.Parameter of an integer tensor
# expect-exit: 1
# expect-stderr: RuntimeError: Only Tensors of floating point and complex dtype can require gradients
import torch
torch.nn.Parameter(torch.ones(2, dtype=torch.long))
