# badinput: & on a float tensor
# expect-exit: 1
# expect-stderr: "bitwise_and_cpu" not implemented for 'Float'
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.tensor([1.0]) & 1)
