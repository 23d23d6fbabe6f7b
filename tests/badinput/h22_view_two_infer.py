# badinput: view with two -1
# expect-exit: 1
# expect-stderr: RuntimeError: only one dimension can be inferred
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(6).view(-1, -1)
