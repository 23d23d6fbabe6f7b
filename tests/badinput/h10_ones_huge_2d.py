# badinput: ones huge 2d
# expect-exit: 1
# expect-stderr: RuntimeError: Storage size calculation overflowed with sizes=[10000000000, 10000000000]
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(10 ** 10, 10 ** 10)
