# badinput: GRU given hidden state of the wrong batch
# expect-exit: 1
# expect-stderr: RuntimeError: Expected hidden size (1, 3, 20), got [1, 4, 20]
import torch
import torch.nn as nn
import torch.nn.functional as F
gru = nn.GRU(10, 20)
gru(torch.randn(5, 3, 10), torch.zeros(1, 4, 20))
