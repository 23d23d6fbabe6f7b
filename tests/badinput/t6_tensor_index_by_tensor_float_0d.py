# badinput: tensor index by tensor float 0d (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: IndexError: tensors used as indices must be long, int, byte or bool tensors
import torch
torch.ones(3)[torch.tensor(1.0)]
