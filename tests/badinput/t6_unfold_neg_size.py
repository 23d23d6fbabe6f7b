# badinput: unfold neg size (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: size is -1 but must be >= 0
import torch
torch.ones(5).unfold(0, -1, 1)
