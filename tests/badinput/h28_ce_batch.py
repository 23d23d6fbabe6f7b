# badinput: CrossEntropyLoss with fewer targets than inputs
# expect-exit: 1
# expect-stderr: ValueError: Expected input batch_size (3) to match target batch_size (2).
import torch
import torch.nn as nn
y = nn.CrossEntropyLoss()(torch.randn(3, 5), torch.tensor([1, 2]))
