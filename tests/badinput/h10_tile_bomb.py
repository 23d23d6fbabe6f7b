# badinput: tile bomb
# expect-exit: 1
# expect-stderr: you tried to allocate 12000000000000 bytes.
import torch
torch.ones(3).tile(10 ** 6, 10 ** 6)
