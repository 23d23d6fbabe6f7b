# badinput: bitwise float
# expect-exit: 1
# expect-stderr: NotImplementedError: "bitwise_and_cpu" not implemented for 'Float'
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(2) & torch.ones(2)
