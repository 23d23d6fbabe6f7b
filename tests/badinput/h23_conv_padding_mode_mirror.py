# badinput: padding_mode='mirror'
# expect-exit: 1
# expect-stderr: ValueError: padding_mode must be one of {'zeros', 'reflect', 'replicate', 'circular'}, but got padding_mode='mirror'
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Conv2d(3, 4, 3, padding_mode="mirror")
