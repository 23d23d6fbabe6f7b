# badinput: Uniform with low above high
# expect-exit: 1
# expect-stderr-has: ValueError: Expected parameter low
import torch
torch.distributions.Uniform(1.0, 0.0)
