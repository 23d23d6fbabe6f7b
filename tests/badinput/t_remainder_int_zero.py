# badinput: t remainder int zero (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: ZeroDivisionError
import torch
torch.remainder(torch.tensor([5]), 0)
