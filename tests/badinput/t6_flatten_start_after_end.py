# badinput: flatten start after end (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: flatten() has invalid args: start_dim cannot come after end_dim
import torch
torch.ones(2, 3).flatten(1, 0)
