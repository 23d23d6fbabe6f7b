# badinput: torch API misuse: index list nested bad
# expect-exit: 1
# expect-stderr: IndexError: too many indices for tensor of dimension 1
import torch
torch.zeros(3)[[[0, 1], [0]]]
