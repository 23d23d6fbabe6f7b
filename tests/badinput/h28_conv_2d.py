# badinput: nn.Conv2d given a 2-D input
# expect-exit: 1
# expect-stderr: RuntimeError: Expected 3D (unbatched) or 4D (batched) input to conv2d, but got input of size: [4, 32]
import torch
import torch.nn as nn
m = nn.Conv2d(3, 16, 3)
y = m(torch.randn(4, 32))
