# badinput: PyTorch misuse: arange float to index
# expect-exit: 1
# expect-stderr: IndexError: tensors used as indices must be long, int, byte or bool tensors
# expect-stdout: tensor([0., 0.])
import torch
x = torch.zeros(4)
print(x[torch.arange(2)])
x[torch.arange(0, 2, 0.5)]
