# badinput: F.embedding with float indices
# expect-exit: 1
# expect-stderr: RuntimeError: Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; but got torch.FloatTensor instead (while checking arguments for embedding)
import torch
import torch.nn.functional as F
F.embedding(torch.tensor([0.0]), torch.ones(3, 2))
