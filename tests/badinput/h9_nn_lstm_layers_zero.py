# badinput: nn.LSTM with num_layers 0
# expect-exit: 1
# expect-stderr: ValueError: num_layers must be greater than zero
import torch
torch.nn.LSTM(10, 20, num_layers=0)
