# badinput: torch API misuse: tensor bigint neg
# expect-exit: 1
# expect-stderr: ValueError: Overflow when unpacking long long
import torch
torch.tensor([-2**63 - 1])
