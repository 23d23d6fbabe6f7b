# badinput: flip of a 0-dim tensor (segfaulted: dim 0 indexed an empty shape)
# expect-exit: 0
# expect-stdout: tensor(3.) tensor([[3, 2],
import torch
print(torch.tensor(3.).flip(0), torch.arange(4).view(2, 2).flip(0, -1))
