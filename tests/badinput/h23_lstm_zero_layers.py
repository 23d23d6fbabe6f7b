# badinput: LSTM num_layers=0
# expect-exit: 1
# expect-stderr: ValueError: num_layers must be greater than zero
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.LSTM(3, 4, num_layers=0)
