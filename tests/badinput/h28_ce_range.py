# badinput: CrossEntropyLoss with a target past the class count
# expect-exit: 1
# expect-stderr: IndexError: Target 7 is out of bounds.
import torch
import torch.nn as nn
y = nn.CrossEntropyLoss()(torch.randn(3, 5), torch.tensor([1, 2, 7]))
