# badinput: zero_() on a parameter outside no_grad
# expect-exit: 1
# expect-stderr: RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.
import torch
import torch.nn as nn
m = nn.Linear(3, 3)
m.weight.zero_()
