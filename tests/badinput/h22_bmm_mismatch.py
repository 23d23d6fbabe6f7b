# badinput: bmm with mismatched batch matrices
# expect-exit: 1
# expect-stderr: RuntimeError: Expected size for first two dimensions of batch2 tensor to be: [2, 4] but got: [2, 5].
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.bmm(torch.ones(2, 3, 4), torch.ones(2, 5, 6))
