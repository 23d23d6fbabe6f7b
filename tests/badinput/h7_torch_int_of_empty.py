# badinput: int() of an empty tensor
# expect-exit: 1
# expect-stderr: ValueError: only one element tensors can be converted to Python scalars
import torch
int(torch.tensor([]))
