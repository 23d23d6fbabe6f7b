# badinput: torch API misuse: tensor split bad
# expect-exit: 1
# expect-stderr: RuntimeError: number of sections must be larger than 0, got 0
import torch
torch.ones(5).tensor_split(0)
