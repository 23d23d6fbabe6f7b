# badinput: t conv stride zero (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: non-positive stride is not supported
import torch
torch.nn.functional.conv2d(torch.ones(1, 1, 4, 4), torch.ones(1, 1, 2, 2), stride=0)
