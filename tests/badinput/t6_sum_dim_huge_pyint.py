# badinput: sum dim huge pyint (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: Overflow when unpacking long
import torch
torch.ones(3).sum(dim=2 ** 70)
