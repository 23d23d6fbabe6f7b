# badinput: PyTorch misuse: leaf data assign shape
# expect-exit: 1
# expect-stderr: RuntimeError: attempting to assign a gradient of size '[2]' to a tensor of size '[3]'. Please ensure that the gradient and the tensor are the same size
# expect-stdout: torch.Size([3])
import torch
w = torch.ones(2, requires_grad=True)
w.data = torch.ones(3)
print(w.shape)
w.grad = torch.ones(2)
