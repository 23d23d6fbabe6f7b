# badinput: padding='same' with stride 2
# expect-exit: 1
# expect-stderr: ValueError: padding='same' is not supported for strided convolutions
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Conv2d(3, 4, 3, padding="same", stride=2)
