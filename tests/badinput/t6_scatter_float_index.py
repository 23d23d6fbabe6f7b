# badinput: scatter float index (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: scatter(): Expected dtype int32/int64 for index
import torch
torch.zeros(3).scatter_(0, torch.tensor([0.5]), 1.0)
