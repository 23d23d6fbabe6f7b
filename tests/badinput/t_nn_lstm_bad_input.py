# badinput: t nn lstm bad input (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: input.size(-1) must be equal to input_size. Expected 2, got 5
import torch
m = torch.nn.LSTM(2, 3)
m(torch.ones(4, 5))
