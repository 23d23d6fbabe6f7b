# badinput: torch API misuse: gather bad
# expect-exit: 1
# expect-stderr: RuntimeError: index 5 is out of bounds for dimension 1 with size 2
import torch
torch.ones(2, 2).gather(1, torch.tensor([[0, 5]]))
