# badinput: arange inf
# expect-exit: 1
# expect-stderr: RuntimeError: unsupported range: 0 -> inf
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.arange(0, float("inf"))
