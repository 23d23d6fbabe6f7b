# badinput: PyTorch misuse: tensor of tensors list
# expect-exit: 1
# expect-stderr: ValueError: only one element tensors can be converted to Python scalars
# expect-stdout: tensor([1., 2.])
import torch
print(torch.tensor([torch.tensor(1.0), torch.tensor(2.0)]))
torch.tensor([torch.zeros(2), torch.zeros(2)])
