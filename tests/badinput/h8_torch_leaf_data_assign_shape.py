# badinput: PyTorch misuse: leaf data assign shape
# expect-exit: 1
# expect-stderr: RuntimeError: assigned grad has data of a different size
# expect-stdout: torch.Size([3])
import torch
w = torch.ones(2, requires_grad=True)
w.data = torch.ones(3)
print(w.shape)
w.grad = torch.ones(2)
