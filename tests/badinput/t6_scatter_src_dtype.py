# badinput: scatter src dtype (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: scatter(): Expected self.dtype to be equal to src.dtype
import torch
torch.zeros(3).scatter_(0, torch.tensor([0]), torch.ones(1, dtype=torch.float64))
