# badinput: torch API misuse: tensor ragged
# expect-exit: 1
# expect-stderr: ValueError: expected sequence of length 2 at dim 1 (got 1)
import torch
torch.tensor([[1, 2], [3]])
