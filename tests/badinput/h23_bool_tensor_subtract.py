# badinput: subtracting two bool tensors
# expect-exit: 1
# expect-stderr: RuntimeError: Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` operator instead.
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.tensor([True]) - torch.tensor([True]))
