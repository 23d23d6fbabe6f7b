# badinput: tensor index past the end
# expect-exit: 1
# expect-stderr: IndexError: index 7 is out of bounds for dimension 0 with size 5
import torch
x = torch.randn(5)
print(x[torch.tensor([0, 7])])
