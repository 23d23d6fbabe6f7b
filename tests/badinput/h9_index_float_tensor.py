# badinput: indexing with a float tensor
# expect-exit: 1
# expect-stderr: IndexError: tensors used as indices must be long, int, byte or bool tensors
import torch
torch.ones(3)[torch.tensor([0.5])]
