# badinput: negating a bool tensor
# expect-exit: 1
# expect-stderr: RuntimeError: Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.
import torch
import torch.nn as nn
import torch.nn.functional as F
-torch.tensor([True])
