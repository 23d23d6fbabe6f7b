# badinput: t int min abs (issue 31 sweep)
# expect-exit: 0
# expect-stdout: tensor([-9223372036854775808])
import torch
print(torch.tensor([-2**63]).abs())
