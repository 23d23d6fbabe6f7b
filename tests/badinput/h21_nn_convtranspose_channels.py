# badinput: ConvTranspose2d fed the wrong channel count
# expect-exit: 1
# expect-stderr: RuntimeError: Given transposed=1, weight of size [3, 4, 3, 3], expected input[1, 2, 5, 5] to have 3 channels, but got 2 channels instead
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.ConvTranspose2d(3, 4, 3)(torch.randn(1,2,5,5))
