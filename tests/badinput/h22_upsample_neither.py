# badinput: Upsample with neither size nor scale_factor
# expect-exit: 1
# expect-stderr: ValueError: either size or scale_factor should be defined
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Upsample()(torch.ones(1, 1, 2, 2))
