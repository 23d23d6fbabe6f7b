# badinput: eye neg m (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: m must be greater or equal to 0, got -1
import torch
torch.eye(3, -1)
