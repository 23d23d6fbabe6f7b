# badinput: flatten(1, 0)
# expect-exit: 1
# expect-stderr: RuntimeError: flatten() has invalid args: start_dim cannot come after end_dim
import torch
torch.ones(2, 3).flatten(1, 0)
