# badinput: int64 add and mul wrap as two's complement
# expect-exit: 0
# expect-stdout: [-9223372036854775808] [-2] [-9223372036854775808] [-9223372036854775808]
import torch
x = torch.tensor([2**63 - 1])
print((x + 1).tolist(), (x * 2).tolist(), (-torch.tensor([-2**63])).tolist(), torch.tensor([-2**63]).abs().tolist())
