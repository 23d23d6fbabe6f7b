# badinput: inplace lerp dtype (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: expected dtype float for `end` but got dtype double
import torch
torch.ones(3).lerp_(torch.ones(3, dtype=torch.float64), 0.5)
