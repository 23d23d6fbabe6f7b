# badinput: nn lstm layers zero (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: ValueError: num_layers must be greater than zero
import torch
import torch.nn as nn
nn.LSTM(10, 20, num_layers=0)
