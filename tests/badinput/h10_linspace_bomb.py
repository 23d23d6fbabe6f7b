# badinput: linspace bomb
# expect-exit: 1
# expect-stderr: you tried to allocate 4000000000000 bytes.
import torch
torch.linspace(0, 1, 10 ** 12)
