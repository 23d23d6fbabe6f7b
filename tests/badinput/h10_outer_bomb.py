# badinput: outer bomb
# expect-exit: 1
# expect-stderr: you tried to allocate 4000000000000 bytes.
import torch
x = torch.ones(10 ** 6)
torch.outer(x, x)
