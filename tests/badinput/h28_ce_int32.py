# badinput: CrossEntropyLoss with int32 targets
# expect-exit: 1
# expect-stderr: RuntimeError: expected scalar type Long but found Int
import torch
import torch.nn as nn
y = nn.CrossEntropyLoss()(torch.randn(3, 5), torch.tensor([1, 2, 3], dtype=torch.int32))
