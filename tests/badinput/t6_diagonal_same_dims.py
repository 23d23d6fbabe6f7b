# badinput: diagonal same dims (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: diagonal dimensions cannot be identical 0, 0
import torch
torch.ones(3, 3).diagonal(dim1=0, dim2=0)
