# badinput: MaxPool2d(2, padding=2)
# expect-exit: 1
# expect-stderr: RuntimeError: pad should be at most half of effective kernel size, but got pad=2, kernel_size=2 and dilation=1
import torch
import torch.nn as nn
import torch.nn.functional as F
print(nn.MaxPool2d(2, padding=2)(torch.ones(1,1,4,4)))
