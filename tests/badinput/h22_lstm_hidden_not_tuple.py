# badinput: LSTM given a single tensor as hidden state
# expect-exit: 1
# expect-stderr: IndexError: index 1 is out of bounds for dimension 0 with size 1
import torch
import torch.nn as nn
import torch.nn.functional as F
lstm = nn.LSTM(10, 20)
lstm(torch.randn(5, 3, 10), torch.zeros(1, 3, 20))
