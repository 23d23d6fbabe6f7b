# badinput: LSTM proj_size == hidden_size
# expect-exit: 1
# expect-stderr: ValueError: proj_size has to be smaller than hidden_size
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.LSTM(3, 4, proj_size=4)
