# badinput: RNN nonlinearity='sigmoid'
# expect-exit: 1
# expect-stderr: ValueError: Unknown nonlinearity 'sigmoid'. Select from 'tanh' or 'relu'.
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.RNN(3, 4, nonlinearity="sigmoid")
