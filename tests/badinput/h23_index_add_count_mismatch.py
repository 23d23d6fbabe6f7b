# badinput: index_add_ with more source rows than indices
# expect-exit: 1
# expect-stderr: RuntimeError: index_add_(): Number of indices (2) should be equal to source.size(dim) (3)
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.zeros(3,2)
x.index_add_(0, torch.tensor([0,1]), torch.ones(3,2))
