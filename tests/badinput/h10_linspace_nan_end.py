# badinput: linspace nan end (h10: ends normally, as in PyTorch)
# expect-exit: 0
# expect-stdout: tensor([nan, nan, nan])
import torch
print(torch.linspace(0, float("nan"), 3))
