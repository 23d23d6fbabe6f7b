# badinput: lstm hidden zero
# expect-exit: 1
# expect-stderr: ValueError: hidden_size must be greater than zero
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.LSTM(3, 0)
