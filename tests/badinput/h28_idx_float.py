# badinput: indexing with a float tensor
# expect-exit: 1
# expect-stderr: IndexError: tensors used as indices must be long, int, byte or bool tensors
import torch
x = torch.randn(5)
print(x[torch.tensor([0., 1.])])
