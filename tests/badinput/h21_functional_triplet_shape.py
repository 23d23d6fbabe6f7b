# badinput: pairwise_distance of mismatched sizes
# expect-exit: 1
# expect-stderr: RuntimeError: The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1
import torch
import torch.nn as nn
import torch.nn.functional as F
F.pairwise_distance(torch.zeros(2,3), torch.zeros(2,4))
