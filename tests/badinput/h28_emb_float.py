# badinput: nn.Embedding given float indices
# expect-exit: 1
# expect-stderr: RuntimeError: Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; but got torch.FloatTensor instead (while checking arguments for embedding)
import torch
import torch.nn as nn
e = nn.Embedding(10, 3)
print(e(torch.tensor([1.0, 2.0])))
