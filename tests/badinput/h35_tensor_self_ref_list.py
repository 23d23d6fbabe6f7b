# badinput: torch API misuse: tensor self ref list
# expect-exit: 1
# expect-stderr: TypeError: new(): self-referential lists are incompatible
import torch
a = [1.0]
a.append(a)
torch.tensor(a)
