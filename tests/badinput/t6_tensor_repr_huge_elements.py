# badinput: tensor repr huge elements (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: IndexError: index 5 is out of bounds for dimension 0 with size 3
# expect-stdout: 253
import torch
x = torch.ones(10 ** 7)
print(x)
print(len(repr(torch.ones(1000, 1000))))
torch.ones(3)[5]
