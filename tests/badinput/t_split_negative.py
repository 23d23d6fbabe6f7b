# badinput: t split negative (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: split expects split_size be non-negative, but got split_size=-1
import torch
torch.ones(3).split(-1)
