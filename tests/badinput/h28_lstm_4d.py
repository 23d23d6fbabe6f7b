# badinput: nn.LSTM given a 4-D input
# expect-exit: 1
# expect-stderr: ValueError: LSTM: Expected input to be 2D or 3D, got 4D instead
import torch
import torch.nn as nn
m = nn.LSTM(10, 20)
y = m(torch.randn(5, 3, 8, 10))
