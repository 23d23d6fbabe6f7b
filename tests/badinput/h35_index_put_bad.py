# badinput: torch API misuse: index put bad
# expect-exit: 1
# expect-stderr: IndexError: index 5 is out of bounds for dimension 0 with size 3
import torch
x = torch.zeros(3)
x[torch.tensor([5])] = 1
