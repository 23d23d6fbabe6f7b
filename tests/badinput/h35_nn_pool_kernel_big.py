# badinput: torch.nn / utils misuse: nn pool kernel big
# expect-exit: 1
# expect-stderr: RuntimeError: Given input size: (1x3x3). Calculated output size: (1x0x0). Output size is too small
import torch
torch.nn.functional.max_pool2d(torch.ones(1, 1, 3, 3), 5)
