# badinput: int64 INT64_MIN // -1 and % -1 wrap (no SIGFPE)
# expect-exit: 0
# expect-stdout: [-9223372036854775808, -5] [0, 0] [-9223372036854775808, -5]
import torch
x = torch.tensor([-2**63, 5])
print((x // -1).tolist(), (x % -1).tolist(), torch.div(x, -1, rounding_mode='floor').tolist())
