# badinput: negating a bool tensor
# expect-exit: 1
# expect-stderr: RuntimeError: Negation, the `-` operator, on a bool tensor is not supported.
import torch
import torch.nn as nn
import torch.nn.functional as F
print(-torch.tensor([True]))
