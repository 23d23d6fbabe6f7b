# badinput: eye negative
# expect-exit: 1
# expect-stderr: RuntimeError: n must be greater or equal to 0, got -1
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.eye(-1)
