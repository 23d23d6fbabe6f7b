# badinput: nn.LSTM with proj_size equal to hidden_size
# expect-exit: 1
# expect-stderr: ValueError: proj_size has to be smaller than hidden_size
import torch
torch.nn.LSTM(3, 4, proj_size=4)
