# badinput: inplace mul broadcast (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: output with shape [3] doesn't match the broadcast shape [2, 3]
import torch
torch.ones(3).mul_(torch.ones(2, 3))
