# badinput: repeat interleave huge
# expect-exit: 1
# expect-stderr: you tried to allocate 8000000000000 bytes.
import torch
torch.ones(2).repeat_interleave(10 ** 12)
