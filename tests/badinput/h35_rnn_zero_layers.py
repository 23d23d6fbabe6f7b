# badinput: nn.RNN with num_layers 0
# expect-exit: 1
# expect-stderr: ValueError: num_layers must be greater than zero
import torch
torch.nn.RNN(3, 4, num_layers=0)
