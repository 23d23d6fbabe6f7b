# badinput: tensor iter 0d (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: TypeError: iteration over a 0-d tensor
import torch
for x in torch.tensor(1.0):
    pass
