# badinput: PyTorch misuse: conv2d double input
# expect-exit: 1
# expect-stderr: RuntimeError: Input type (double) and bias type (float) should be the same
import torch
m = torch.nn.Conv2d(1, 2, 3)
y = m(torch.zeros(1, 1, 5, 5, dtype=torch.float64))
