# badinput: index put shape
# expect-exit: 1
# expect-stderr: RuntimeError: shape mismatch: value tensor of shape [3] cannot be broadcast to indexing result of shape [2]
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.zeros(3)
x[torch.tensor([0, 1])] = torch.ones(3)
