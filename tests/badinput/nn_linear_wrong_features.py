# badinput: nn.Linear with the wrong input features
# expect-exit: 1
# expect-stderr: RuntimeError: mat1 and mat2 shapes cannot be multiplied (3x5 and 4x2)
import torch
torch.nn.Linear(4, 2)(torch.ones(3, 5))
