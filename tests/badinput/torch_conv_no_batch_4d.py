# badinput: Conv2d on a 2-d input
# expect-exit: 1
# expect-stderr: RuntimeError: Expected 3D (unbatched) or 4D (batched) input to conv2d, but got input of size: [5, 5]
import torch
torch.nn.Conv2d(1, 1, 3)(torch.ones(5, 5))
