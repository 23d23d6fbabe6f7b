# badinput: torch.nn.LSTM(3, 4)(torch.ones(5, 1, 3), (torch.ones(1, 1, 4),)) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: IndexError: tuple index out of range
import torch
import torch.nn.functional as F
torch.nn.LSTM(3, 4)(torch.ones(5, 1, 3), (torch.ones(1, 1, 4),))
