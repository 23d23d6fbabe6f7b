# badinput: torch.tensor of a list nested 30000 deep
# expect-exit: 1
# expect-stderr: ValueError: too many dimensions 'list'
import torch
x = 0
for i in range(30000):
    x = [x]
torch.tensor(x)
