# badinput: reshape minus two (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: invalid shape dimension -2
import torch
torch.ones(6).reshape(-2, 3)
