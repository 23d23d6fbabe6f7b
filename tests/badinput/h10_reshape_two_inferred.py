# badinput: reshape two inferred
# expect-exit: 1
# expect-stderr: RuntimeError: only one dimension can be inferred
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.zeros(2, 3).reshape(-1, -1)
