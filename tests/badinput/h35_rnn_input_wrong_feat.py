# badinput: nn.LSTM given the wrong feature size
# expect-exit: 1
# expect-stderr: RuntimeError: input.size(-1) must be equal to input_size. Expected 3, got 7
import torch
torch.nn.LSTM(3, 4)(torch.randn(5, 2, 7))
