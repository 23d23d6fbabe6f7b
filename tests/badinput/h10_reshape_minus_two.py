# badinput: reshape minus two
# expect-exit: 1
# expect-stderr: RuntimeError: invalid shape dimension -2
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.zeros(2, 3).reshape(-2, 3)
