# badinput: torch API misuse: type bad
# expect-exit: 1
# expect-stderr: ValueError: invalid type: 'torch.NopeTensor'
import torch
torch.ones(2).type("torch.NopeTensor")
