# badinput: torch.nn / utils misuse: nn linear wrong in
# expect-exit: 1
# expect-stderr: RuntimeError: mat1 and mat2 shapes cannot be multiplied (1x4 and 3x2)
import torch
torch.nn.Linear(3, 2)(torch.ones(4))
