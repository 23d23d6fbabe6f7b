# badinput: lerp of float and double
# expect-exit: 1
# expect-stderr: RuntimeError: expected dtype float for `end` but got dtype double
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.lerp(torch.zeros(2), torch.ones(2, dtype=torch.float64), 0.5)
