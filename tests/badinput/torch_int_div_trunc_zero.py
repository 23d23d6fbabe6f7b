# badinput: div(rounding_mode='trunc') of ints by zero
# expect-exit: 1
# expect-stderr: RuntimeError: ZeroDivisionError
import torch
torch.tensor([5]).div(0, rounding_mode='trunc')
