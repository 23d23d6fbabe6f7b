# badinput: nonzero of a 0-dim zero
# expect-exit: 0
# expect-stdout: tensor([], size=(0, 0), dtype=torch.int64)
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.tensor(0).nonzero())
