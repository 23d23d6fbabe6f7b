# badinput: LSTM given h0 of the wrong hidden size: 'Expected hidden[0] size (1, 2, 4), got [1, 2, 5]'
# expect-exit: 1
# expect-stderr: RuntimeError: Expected hidden[0] size (1, 2, 4), got [1, 2, 5]
import torch
m = torch.nn.LSTM(3, 4)
m(torch.randn(5, 2, 3), (torch.zeros(1, 2, 5), torch.zeros(1, 2, 4)))
