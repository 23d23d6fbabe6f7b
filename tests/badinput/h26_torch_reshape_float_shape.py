# badinput: Tensor.reshape(2.0): its parameter is named shape
# expect-exit: 1
# expect-stderr: TypeError: reshape(): argument 'shape' (position 1) must be tuple of ints, not float
import torch
torch.ones(2).reshape(2.0)
