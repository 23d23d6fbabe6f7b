# badinput: meshgrid bomb (h10: ends normally, as in PyTorch)
# expect-exit: 0
import torch
x = torch.arange(10 ** 6)
torch.meshgrid(x, x, indexing="ij")
