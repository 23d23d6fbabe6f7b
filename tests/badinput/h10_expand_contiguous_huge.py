# badinput: expand contiguous huge
# expect-exit: 1
# expect-stderr: RuntimeError: Storage size calculation overflowed with sizes=[2147483648, 2147483648]
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(1, 1).expand(2 ** 31, 2 ** 31).contiguous()
