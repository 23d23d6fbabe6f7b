# badinput: PyTorch misuse: lstm 4d input
# expect-exit: 1
# expect-stderr: ValueError: LSTM: Expected input to be 2D or 3D, got 4D instead
import torch
lstm = torch.nn.LSTM(10, 20)
out = lstm(torch.zeros(5, 3, 2, 10))
