# badinput: Dim with min above max
# expect-exit: 1
# expect-stderr: AssertionError: Cannot create Dim with inconsistent min=10, max=2
import torch
from torch.export import Dim
Dim("b", min=10, max=2)
