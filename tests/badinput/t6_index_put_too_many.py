# badinput: index put too many (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: IndexError: too many indices for tensor of dimension 1 (got 2)
import torch
x = torch.zeros(3)
x.index_put_((torch.tensor([0]), torch.tensor([0])), torch.tensor(1.))
