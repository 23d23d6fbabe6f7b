# badinput: torch.manual_seed(-1): the seed is a uint64 (2**64 - 1), initial_seed() printed -1
# expect-exit: 0
# expect-stdout: 18446744073709551615 True
import torch

torch.manual_seed(-1)
a = torch.rand(3)
s = torch.initial_seed()
torch.manual_seed(2**64 - 1)
print(s, torch.equal(a, torch.rand(3)))
