# badinput: vmap over inputs of different batch sizes
# expect-exit: 1
# expect-stderr: ValueError: vmap: Expected all tensors to have the same size in the mapped dimension, got sizes [2, 3] for the mapped dimension
import torch
torch.vmap(lambda x, y: x + y)(torch.ones(2), torch.ones(3))
