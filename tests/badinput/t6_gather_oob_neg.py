# badinput: gather oob neg (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: index -4 is out of bounds for dimension 0 with size 3
import torch
torch.gather(torch.ones(3), 0, torch.tensor([-4]))
