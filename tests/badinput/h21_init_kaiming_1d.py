# badinput: kaiming_normal_ of a bias vector
# expect-exit: 1
# expect-stderr: ValueError: Fan in and fan out can not be computed for tensor with fewer than 2 dimensions
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.init.kaiming_normal_(torch.empty(3))
