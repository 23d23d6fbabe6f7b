# badinput: reshape to a shape of another size
# expect-exit: 1
# expect-stderr: RuntimeError: shape '[4, 2]' is invalid for input of size 6
import torch
torch.randn(2, 3).reshape(4, 2)
