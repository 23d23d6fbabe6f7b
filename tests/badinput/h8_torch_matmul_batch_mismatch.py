# badinput: PyTorch misuse: matmul batch mismatch
# expect-exit: 1
# expect-stderr: RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0
import torch
a = torch.zeros(2, 3, 4)
b = torch.zeros(3, 4, 5)
c = a @ b
