# badinput: torch.nn / utils misuse: nn conv dilation neg
# expect-exit: 1
# expect-stderr: RuntimeError: dilation should be greater than zero, but got [1, -1]
import torch
torch.nn.functional.conv1d(torch.ones(1, 1, 5), torch.ones(1, 1, 2), dilation=-1)
