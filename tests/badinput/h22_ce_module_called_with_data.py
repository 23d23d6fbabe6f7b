# badinput: CrossEntropyLoss constructed with the data instead of called
# expect-exit: 1
# expect-stderr: RuntimeError: Boolean value of Tensor with more than one value is ambiguous
import torch
import torch.nn as nn
import torch.nn.functional as F
loss = nn.CrossEntropyLoss(torch.randn(3, 5), torch.tensor([1, 2, 3]))
