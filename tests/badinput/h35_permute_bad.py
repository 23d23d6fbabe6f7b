# badinput: torch API misuse: permute bad
# expect-exit: 1
# expect-stderr: RuntimeError: permute(): duplicate dims are not allowed.
import torch
torch.ones(2, 3).permute(0, 0)
