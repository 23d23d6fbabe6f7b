# badinput: inf softmax ok (h10: ends normally, as in PyTorch)
# expect-exit: 0
# expect-stdout: tensor([nan, nan])
import torch
print(torch.softmax(torch.tensor([float("inf"), 1.0]), 0))
