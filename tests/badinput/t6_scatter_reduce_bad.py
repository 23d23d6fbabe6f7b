# badinput: scatter reduce bad (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: reduce argument must be either sum, prod, mean, amax or amin, got bogus
import torch
torch.zeros(3).scatter_reduce_(0, torch.tensor([0]), torch.ones(1), reduce='bogus')
