# badinput: nn.LSTM given an initial state with too few layers
# expect-exit: 1
# expect-stderr: RuntimeError: Expected hidden[0] size (2, 3, 20), got [1, 3, 20]
import torch
import torch.nn as nn
m = nn.LSTM(10, 20, num_layers=2)
h = torch.zeros(1, 3, 20)
c = torch.zeros(1, 3, 20)
y = m(torch.randn(5, 3, 10), (h, c))
