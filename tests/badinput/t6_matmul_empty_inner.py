# badinput: matmul empty inner (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x0 and 1x3)
# expect-stdout:         [0., 0., 0.]])
import torch
print(torch.ones(2, 0) @ torch.ones(0, 3))
torch.ones(2, 0) @ torch.ones(1, 3)
