# badinput: torch.manual_seed(2**64) (2**63..2**64-1 are taken unsigned)
# expect-exit: 1
# expect-stderr: ValueError: Overflow when unpacking long long
# expect-stdout: ok
import torch
torch.manual_seed(2 ** 64 - 1)
torch.manual_seed(-1)
torch.manual_seed(1.5)
print('ok')
torch.manual_seed(2 ** 64)
