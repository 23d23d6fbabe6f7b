# badinput: index put float idx (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: IndexError: tensors used as indices must be long, int, byte or bool tensors
import torch
x = torch.zeros(3)
x.index_put_((torch.tensor([0.]),), torch.tensor(1.))
