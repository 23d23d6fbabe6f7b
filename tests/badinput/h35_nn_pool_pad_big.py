# badinput: torch.nn / utils misuse: nn pool pad big
# expect-exit: 1
# expect-stderr: RuntimeError: pad should be at most half of effective kernel size, but got pad=2, kernel_size=2 and dilation=1
import torch
torch.nn.functional.max_pool2d(torch.ones(1, 1, 4, 4), 2, padding=2)
