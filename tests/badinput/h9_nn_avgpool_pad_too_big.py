# badinput: AvgPool2d padding past half the kernel
# expect-exit: 1
# expect-stderr: RuntimeError: pad should be at most half of effective kernel size, but got pad=2, kernel_size=3 and dilation=1
import torch
torch.nn.AvgPool2d(3, padding=2)(torch.ones(1, 1, 5, 5))
