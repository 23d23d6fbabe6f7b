# badinput: PyTorch misuse: lstm hidden shape
# expect-exit: 1
# expect-stderr: RuntimeError: Expected hidden[1] size (1, 3, 20), got [1, 4, 20]
import torch
lstm = torch.nn.LSTM(10, 20)
h = torch.zeros(1, 3, 20)
out = lstm(torch.zeros(5, 3, 10), (h, torch.zeros(1, 4, 20)))
