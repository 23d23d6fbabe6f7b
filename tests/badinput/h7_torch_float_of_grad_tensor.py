# badinput: float() of a 2-element tensor
# expect-exit: 1
# expect-stderr: ValueError: only one element tensors can be converted to Python scalars
import torch
float(torch.ones(2))
