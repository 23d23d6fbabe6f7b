# badinput: scatter_ with an index larger than src
# expect-exit: 1
# expect-stderr: RuntimeError: Expected index [3] to be no larger than self [3] apart from dimension 0 and to be no larger size than src [2]
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.zeros(3).scatter_(0, torch.tensor([0, 1, 2]), torch.ones(2))
