# badinput: nn.GRU given an initial state of the wrong batch size
# expect-exit: 1
# expect-stderr: RuntimeError: Expected hidden size (1, 3, 20), got [1, 4, 20]
import torch
import torch.nn as nn
m = nn.GRU(10, 20)
y = m(torch.randn(5, 3, 10), torch.zeros(1, 4, 20))
