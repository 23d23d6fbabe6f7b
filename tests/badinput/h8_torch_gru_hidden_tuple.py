# badinput: PyTorch misuse: gru hidden tuple
# expect-exit: 1
# expect-stderr: AttributeError: 'tuple' object has no attribute 'dim'
import torch
gru = torch.nn.GRU(4, 4)
h = torch.zeros(1, 2, 4)
out = gru(torch.zeros(3, 2, 4), (h, h))
