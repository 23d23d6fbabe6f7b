# badinput: tensor len 0d (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: TypeError: len() of a 0-d tensor
import torch
len(torch.tensor(1.0))
