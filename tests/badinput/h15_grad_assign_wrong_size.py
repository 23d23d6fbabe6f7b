# badinput: assigning .grad a tensor of another size: PyTorch 2.11's message (checked on the H200)
# expect-exit: 1
# expect-stderr: RuntimeError: attempting to assign a gradient of size '[4]' to a tensor of size '[3]'. Please ensure that the gradient and the tensor are the same size
import torch
x = torch.ones(3, requires_grad=True)
x.grad = torch.zeros(4)
