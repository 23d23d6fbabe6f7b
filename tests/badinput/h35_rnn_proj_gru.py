# badinput: nn.GRU with proj_size
# expect-exit: 1
# expect-stderr: ValueError: proj_size argument is only supported for LSTM, not RNN or GRU
import torch
torch.nn.GRU(3, 4, proj_size=2)
