# badinput: torch API misuse: tensor mixed types
# expect-exit: 1
# expect-stderr: TypeError: new(): invalid data type 'str'
import torch
torch.tensor([1, "a"])
