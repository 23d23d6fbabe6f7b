# badinput: nn.LSTM given one tensor as (h0, c0)
# expect-exit: 1
# expect-stderr: IndexError: index 1 is out of bounds for dimension 0 with size 1
import torch
torch.nn.LSTM(3, 4)(torch.randn(5, 2, 3), torch.randn(1, 2, 4))
