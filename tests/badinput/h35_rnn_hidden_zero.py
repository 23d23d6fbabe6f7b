# badinput: nn.GRU with hidden_size 0
# expect-exit: 1
# expect-stderr: ValueError: hidden_size must be greater than zero
import torch
torch.nn.GRU(3, 0)
