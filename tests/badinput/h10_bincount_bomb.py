# badinput: bincount bomb
# expect-exit: 1
# expect-stderr: you tried to allocate 8000000000008 bytes.
import torch
torch.bincount(torch.tensor([10 ** 12]))
