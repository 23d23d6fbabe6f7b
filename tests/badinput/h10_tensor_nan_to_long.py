# badinput: tensor nan to long (h10: ends normally, as in PyTorch)
# expect-exit: 0
# expect-stdout: torch.Size([1])
import torch
print(torch.tensor([float("nan")]).long().shape)
