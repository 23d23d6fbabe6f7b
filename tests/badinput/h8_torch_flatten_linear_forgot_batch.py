# badinput: PyTorch misuse: flatten linear forgot batch
# expect-exit: 1
# expect-stderr: RuntimeError: mat1 and mat2 shapes cannot be multiplied (4x50 and 72x10)
import torch
m = torch.nn.Sequential(torch.nn.Conv2d(1, 2, 3), torch.nn.Flatten(), torch.nn.Linear(2 * 6 * 6, 10))
y = m(torch.zeros(4, 1, 7, 7))
