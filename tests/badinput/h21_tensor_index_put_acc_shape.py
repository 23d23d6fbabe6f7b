# badinput: index_put_ with values of the wrong shape
# expect-exit: 1
# expect-stderr: RuntimeError: shape mismatch: value tensor of shape [3] cannot be broadcast to indexing result of shape [2]
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.zeros(3).index_put_((torch.tensor([0,1]),), torch.ones(3))
