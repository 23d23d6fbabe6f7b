# badinput: torch API misuse: tensor bigint
# expect-exit: 1
# expect-stderr: ValueError: Overflow when unpacking long long
import torch
torch.tensor([2**64])
