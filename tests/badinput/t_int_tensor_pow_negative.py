# badinput: t int tensor pow negative (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: Integers to negative integer powers are not allowed.
import torch
torch.tensor([2]) ** -1
