# badinput: special.polygamma with negative n
# expect-exit: 1
# expect-stderr: RuntimeError: polygamma(n, x) does not support negative n.
import torch
torch.special.polygamma(-1, torch.ones(3))
