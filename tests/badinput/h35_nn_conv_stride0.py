# badinput: torch.nn / utils misuse: nn conv stride0
# expect-exit: 1
# expect-stderr: RuntimeError: non-positive stride is not supported
import torch
torch.nn.Conv2d(1, 1, 3, stride=0)(torch.ones(1, 1, 5, 5))
