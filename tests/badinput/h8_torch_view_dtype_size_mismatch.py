# badinput: PyTorch misuse: view dtype size mismatch
# expect-exit: 1
# expect-stderr: RuntimeError: self.size(-1) must be divisible by 2 to view Float as Double (different element sizes), but got 3
# expect-stdout: torch.Size([6])
import torch
t = torch.zeros(3, dtype=torch.float64).view(torch.int32).shape
print(t)
u = torch.zeros(3, dtype=torch.float32).view(torch.float64)
