# badinput: t empty neg one (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: Trying to create tensor with negative dimension -1: [-1]
import torch
torch.empty(-1)
