# badinput: cross size two
# expect-exit: 1
# expect-stderr: RuntimeError: linalg.cross: inputs dimension -1 must have length 3. Got 2 and 2
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.linalg.cross(torch.ones(2), torch.ones(2))
