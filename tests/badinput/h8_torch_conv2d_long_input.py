# badinput: PyTorch misuse: conv2d long input
# expect-exit: 1
# expect-stderr: RuntimeError: Input type (long int) and bias type (float) should be the same
import torch
m = torch.nn.Conv2d(1, 2, 3)
y = m(torch.zeros(1, 1, 5, 5, dtype=torch.long))
