# badinput: nn lstm hidden zero (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: ValueError: hidden_size must be greater than zero
import torch
import torch.nn as nn
nn.LSTM(10, 0)
