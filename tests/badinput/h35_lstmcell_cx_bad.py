# badinput: nn.LSTMCell given a cell state of the wrong hidden size (hidden1's check)
# expect-exit: 1
# expect-stderr: RuntimeError: hidden1 has inconsistent hidden_size: got 5, expected 4
import torch
m = torch.nn.LSTMCell(3, 4)
m(torch.randn(2, 3), (torch.randn(2, 4), torch.randn(2, 5)))
