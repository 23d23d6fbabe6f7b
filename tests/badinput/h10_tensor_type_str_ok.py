# badinput: tensor type str ok (h10: ends normally, as in PyTorch)
# expect-exit: 0
# expect-stdout: torch.float64
import torch
import torch.nn as nn
print(torch.ones(1).type("torch.DoubleTensor").dtype)
