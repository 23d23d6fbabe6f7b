# badinput: torch.nn / utils misuse: nn conv input small
# expect-exit: 1
# expect-stderr: RuntimeError: Calculated padded input size per channel: (3 x 3). Kernel size: (5 x 5). Kernel size can't be greater than actual input size
import torch
torch.nn.Conv2d(1, 1, 5)(torch.ones(1, 1, 3, 3))
