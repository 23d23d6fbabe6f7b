# badinput: full neg size (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: Trying to create tensor with negative dimension -5: [-5]
import torch
torch.full((-5,), 1.0)
