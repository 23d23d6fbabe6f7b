# badinput: PyTorch misuse: where dtype mismatch
# expect-exit: 1
# expect-stderr: RuntimeError: where expected condition to be a boolean tensor, but got a tensor with dtype Long
# expect-stdout: tensor([1.0000, 1.5000])
import torch
print(torch.where(torch.tensor([True, False]), torch.tensor([1]), torch.tensor([1.5])))
torch.where(torch.tensor([1, 0]), torch.zeros(2), torch.ones(2))
