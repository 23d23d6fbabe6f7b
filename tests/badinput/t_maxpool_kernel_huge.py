# badinput: t maxpool kernel huge (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: Given input size: (1x4x4). Calculated output size: (1x0x0). Output size is too small
import torch
torch.nn.functional.max_pool2d(torch.ones(1, 1, 4, 4), 10)
