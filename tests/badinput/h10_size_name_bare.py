# badinput: size name bare (h10: ends normally, as in PyTorch)
# expect-exit: 0
# expect-stdout: Size <class 'torch.Size'>
import torch
import torch.nn as nn
print(type(torch.Size([1])).__name__, torch.Size)
