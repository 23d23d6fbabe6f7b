# badinput: LSTM given hidden state of the wrong batch
# expect-exit: 1
# expect-stderr: RuntimeError: Expected hidden[0] size (1, 3, 20), got [1, 4, 20]
import torch
import torch.nn as nn
import torch.nn.functional as F
lstm = nn.LSTM(10, 20, batch_first=True)
h = (torch.zeros(1, 4, 20), torch.zeros(1, 4, 20))
lstm(torch.randn(3, 5, 10), h)
