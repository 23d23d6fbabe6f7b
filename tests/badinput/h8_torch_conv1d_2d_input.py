# badinput: PyTorch misuse: conv1d 2d input
# expect-exit: 1
# expect-stderr: RuntimeError: Expected 2D (unbatched) or 3D (batched) input to conv1d, but got input of size: [3, 10, 1, 1]
import torch
m = torch.nn.Conv1d(3, 4, 3)
y = m(torch.zeros(3, 10, 1, 1))
