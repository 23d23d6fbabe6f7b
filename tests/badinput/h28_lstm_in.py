# badinput: nn.LSTM given inputs of the wrong feature size
# expect-exit: 1
# expect-stderr: RuntimeError: input.size(-1) must be equal to input_size. Expected 10, got 8
import torch
import torch.nn as nn
m = nn.LSTM(10, 20)
y = m(torch.randn(5, 3, 8))
