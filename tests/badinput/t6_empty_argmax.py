# badinput: empty argmax (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: IndexError: argmax(): Expected reduction dim to be specified for input.numel() == 0.
import torch
torch.empty(0).argmax()
