# badinput: index put oob neg (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: IndexError: index -4 is out of bounds for dimension 0 with size 3
import torch
x = torch.zeros(3)
x.index_put_((torch.tensor([-4]),), torch.tensor(1.))
