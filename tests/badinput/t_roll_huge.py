# badinput: t roll huge (issue 31 sweep)
# expect-exit: 0
# expect-stdout: tensor([2, 0, 1])
import torch
print(torch.arange(3).roll(10**18))
