# badinput: bmm with different batch sizes
# expect-exit: 1
# expect-stderr: RuntimeError: Expected size for first two dimensions of batch2 tensor to be: [2, 3] but got: [3, 3].
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.bmm(torch.zeros(2,2,3), torch.zeros(3,3,2))
