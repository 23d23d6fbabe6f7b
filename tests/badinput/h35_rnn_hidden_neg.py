# badinput: nn.LSTM with hidden_size -1
# expect-exit: 1
# expect-stderr: ValueError: hidden_size must be greater than zero
import torch
torch.nn.LSTM(3, -1)
