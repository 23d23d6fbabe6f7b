# badinput: PyTorch misuse: conv2d channels last forgot permute
# expect-exit: 1
# expect-stderr: RuntimeError: Given groups=1, weight of size [8, 3, 3, 3], expected input[1, 32, 32, 3] to have 3 channels, but got 32 channels instead
import torch
m = torch.nn.Conv2d(3, 8, 3)
img = torch.zeros(1, 32, 32, 3)
y = m(img)
