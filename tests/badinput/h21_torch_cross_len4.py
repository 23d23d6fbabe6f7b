# badinput: linalg.cross of 4-vectors
# expect-exit: 1
# expect-stderr: RuntimeError: linalg.cross: inputs dimension -1 must have length 3. Got 4 and 4
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.linalg.cross(torch.randn(4), torch.randn(4))
