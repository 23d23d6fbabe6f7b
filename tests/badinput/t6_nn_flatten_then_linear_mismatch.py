# badinput: nn flatten then linear mismatch (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x12 and 10x2)
import torch
import torch.nn as nn
m = nn.Sequential(nn.Flatten(), nn.Linear(10, 2))
m(torch.ones(2, 3, 4))
