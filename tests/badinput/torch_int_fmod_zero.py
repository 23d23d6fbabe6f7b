# badinput: torch.fmod of ints by zero
# expect-exit: 1
# expect-stderr: RuntimeError: ZeroDivisionError
import torch
torch.fmod(torch.tensor([5]), 0)
