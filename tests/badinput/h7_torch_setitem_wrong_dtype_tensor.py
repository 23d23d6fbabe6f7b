# badinput: assigning a float tensor into a long tensor slice casts
# expect-exit: 0
# expect-stdout: tensor([ 1, -2,  0])
import torch
t = torch.zeros(3, dtype=torch.long)
t[:2] = torch.tensor([1.7, -2.7])
print(t)
