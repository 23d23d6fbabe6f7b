# badinput: cat of tensors whose other dims differ
# expect-exit: 1
# expect-stderr: RuntimeError: Sizes of tensors must match except in dimension 0. Expected size 3 but got size 4 for tensor number 1 in the list.
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.cat([torch.ones(2, 3), torch.ones(2, 4)])
