# badinput: select 0d (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: IndexError: select() cannot be applied to a 0-dim tensor.
import torch
torch.ones(()).select(0, 0)
