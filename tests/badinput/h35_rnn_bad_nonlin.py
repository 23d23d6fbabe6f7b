# badinput: nn.RNN with nonlinearity='sigmoid'
# expect-exit: 1
# expect-stderr: ValueError: Unknown nonlinearity 'sigmoid'. Select from 'tanh' or 'relu'.
import torch
torch.nn.RNN(3, 4, nonlinearity="sigmoid")
