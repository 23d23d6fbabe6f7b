# badinput: nn.Embedding given an index past its size
# expect-exit: 1
# expect-stderr: IndexError: index out of range in self
import torch
import torch.nn as nn
e = nn.Embedding(10, 3)
print(e(torch.tensor([1, 12])))
