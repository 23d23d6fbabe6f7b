# badinput: LSTM fed the wrong input size
# expect-exit: 1
# expect-stderr: RuntimeError: input.size(-1) must be equal to input_size. Expected 10, got 8
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.LSTM(10, 20)(torch.randn(5, 3, 8))
