# badinput: Normal with a negative scale (the constraint's ValueError, its last line the bad value)
# expect-exit: 1
# expect-stderr-has: ValueError: Expected parameter scale
import torch
torch.distributions.Normal(0.0, -1.0)
