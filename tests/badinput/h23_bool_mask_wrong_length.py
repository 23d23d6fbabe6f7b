# badinput: a bool mask shorter than the dim
# expect-exit: 1
# expect-stderr: IndexError: The shape of the mask [2] at index 0 does not match the shape of the indexed tensor [3] at index 0
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.zeros(3)
print(x[torch.tensor([True,False])])
