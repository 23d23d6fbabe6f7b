# badinput: conv bad padding mode
# expect-exit: 1
# expect-stderr: but got padding_mode='bad'
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Conv2d(3, 8, 3, padding_mode="bad")
