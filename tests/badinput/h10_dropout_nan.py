# badinput: dropout nan (h10: ends normally, as in PyTorch)
# expect-exit: 0
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Dropout(p=float("nan"))
