# badinput: PyTorch misuse: sequential layer mismatch
# expect-exit: 1
# expect-stderr: RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x3 and 5x2)
import torch
m = torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.ReLU(), torch.nn.Linear(5, 2))
y = m(torch.zeros(2, 4))
