# badinput: torch API misuse: int multi
# expect-exit: 1
# expect-stderr: ValueError: only one element tensors can be converted to Python scalars
import torch
int(torch.ones(2))
