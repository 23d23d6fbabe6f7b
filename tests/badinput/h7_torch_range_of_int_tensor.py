# badinput: a one-element int tensor as range() bound works
# expect-exit: 0
# expect-stdout: [0, 1, 2]
import torch
print(list(range(torch.tensor(3))))
