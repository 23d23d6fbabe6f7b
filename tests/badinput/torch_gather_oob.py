# badinput: gather with an out-of-range index
# expect-exit: 1
# expect-stderr: RuntimeError: index 5 is out of bounds for dimension 0 with size 3
import torch
torch.ones(3).gather(0, torch.tensor([5]))
