# badinput: narrow past the end of the dim
# expect-exit: 1
# expect-stderr: RuntimeError: start (3) + length (5) exceeds dimension size (5).
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.arange(5).narrow(0, 3, 5))
