# badinput: tensor nested bomb
# expect-exit: 1
# expect-stderr: ValueError: too many dimensions 'list'
import torch
x = 0
for i in range(100000):
    x = [x]
torch.tensor(x)
