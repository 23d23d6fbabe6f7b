# badinput: PyTorch misuse: module call class not instance
# expect-exit: 1
# expect-stderr: RuntimeError: Boolean value of Tensor with more than one value is ambiguous
import torch
y = torch.nn.ReLU(torch.zeros(2))
print(y)
z = torch.nn.Linear(torch.zeros(2))
