# badinput: lstm input size
# expect-exit: 1
# expect-stderr: RuntimeError: input.size(-1) must be equal to input_size. Expected 3, got 7
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.LSTM(3, 4)(torch.ones(5, 2, 7))
