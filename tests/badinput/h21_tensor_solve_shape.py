# badinput: linalg.solve with mismatched B
# expect-exit: 1
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.linalg.solve(torch.eye(3), torch.zeros(2))
