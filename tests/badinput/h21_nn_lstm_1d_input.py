# badinput: LSTM fed a vector
# expect-exit: 1
# expect-stderr: ValueError: LSTM: Expected input to be 2D or 3D, got 1D instead
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.LSTM(4, 5)(torch.randn(4))
