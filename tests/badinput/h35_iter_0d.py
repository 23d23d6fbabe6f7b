# badinput: torch API misuse: iter 0d
# expect-exit: 1
# expect-stderr: TypeError: iteration over a 0-d tensor
import torch
for x in torch.tensor(1.0):
    pass
