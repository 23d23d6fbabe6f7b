# badinput: nn.GRU given a 4-D input
# expect-exit: 1
# expect-stderr: ValueError: GRU: Expected input to be 2D or 3D, got 4D instead
import torch
torch.nn.GRU(3, 4)(torch.randn(5, 2, 3, 1))
