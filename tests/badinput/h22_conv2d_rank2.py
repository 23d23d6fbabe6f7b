# badinput: Conv2d fed a 2-d image
# expect-exit: 1
# expect-stderr: RuntimeError: Expected 3D (unbatched) or 4D (batched) input to conv2d, but got input of size: [8, 8]
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Conv2d(3, 8, 3)(torch.randn(8, 8))
