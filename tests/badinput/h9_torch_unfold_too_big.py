# badinput: unfold with a window larger than the dim
# expect-exit: 1
# expect-stderr: RuntimeError: maximum size for tensor at dimension 0 is 4 but size is 5
import torch
torch.ones(4).unfold(0, 5, 1)
