# badinput: a misspelt nn class
# expect-exit: 1
# expect-stderr: AttributeError: module 'torch.nn' has no attribute 'Linearr'. Did you mean: 'Linear'?
import torch.nn as nn
nn.Linearr(2, 3)
