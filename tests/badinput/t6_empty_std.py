# badinput: empty std (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: IndexError: max(): Expected reduction dim 0 to have non-zero size.
# expect-stdout: tensor(1.) tensor(0.)
import torch
print(torch.empty(0).std())
print(torch.empty(0).prod(), torch.empty(0).sum())
torch.empty(0).max(dim=0)
