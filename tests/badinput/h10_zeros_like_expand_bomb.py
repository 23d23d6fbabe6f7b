# badinput: zeros like expand bomb
# expect-exit: 1
# expect-stderr: you tried to allocate 4000000000000 bytes.
import torch
torch.zeros_like(torch.ones(1).expand(10 ** 12))
