# badinput: PyTorch misuse: conv2d 2d input
# expect-exit: 1
# expect-stderr: RuntimeError: Expected 3D (unbatched) or 4D (batched) input to conv2d, but got input of size: [8, 8]
import torch
m = torch.nn.Conv2d(1, 4, 3)
y = m(torch.zeros(8, 8))
