# badinput: view to a shape of another size
# expect-exit: 1
# expect-stderr: RuntimeError: shape '[4]' is invalid for input of size 6
import torch
torch.ones(6).view(4)
