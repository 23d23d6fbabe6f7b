# badinput: bitwise_and of floats
# expect-exit: 1
# expect-stderr: NotImplementedError: "bitwise_and_cpu" not implemented for 'Float'
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.tensor([1.5]) & torch.tensor([1.0])
