# badinput: special.logsumexp without dim
# expect-exit: 1
# expect-stderr: missing 1 required positional argument
import torch
torch.special.logsumexp(torch.randn(3))
