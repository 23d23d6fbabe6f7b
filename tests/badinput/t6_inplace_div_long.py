# badinput: inplace div long (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: result type Float can't be cast to the desired output type Long
import torch
torch.ones(3, dtype=torch.long).div_(2)
