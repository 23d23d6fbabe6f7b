# badinput: narrow with a negative length
# expect-exit: 1
# expect-stderr: RuntimeError: narrow(): length must be non-negative.
import torch
torch.ones(5).narrow(0, 0, -1)
