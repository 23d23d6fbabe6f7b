# badinput: nn.LSTM given a cell state of the wrong hidden size
# expect-exit: 1
# expect-stderr: RuntimeError: Expected hidden[1] size (1, 2, 4), got [1, 2, 5]
import torch
m = torch.nn.LSTM(3, 4)
m(torch.randn(5, 2, 3), (torch.randn(1, 2, 4), torch.randn(1, 2, 5)))
