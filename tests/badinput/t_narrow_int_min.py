# badinput: t narrow int min (issue 31 sweep)
# expect-exit: 1
# expect-stderr: IndexError: start out of range (expected to be in range of [-3, 3], but got -9223372036854775808)
import torch
torch.ones(3).narrow(0, -2**63, 1)
