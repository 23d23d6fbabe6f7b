# badinput: torch.tensor of a list nested 20 deep works
# expect-exit: 0
# expect-stdout: 20
import torch
x = 1
for i in range(20):
    x = [x]
print(torch.tensor(x).dim())
