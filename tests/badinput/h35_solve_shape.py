# badinput: linalg.solve with an incompatible right-hand side
# expect-exit: 1
# expect-stderr: RuntimeError: linalg.solve: Incompatible shapes of A and B for the equation AX = B (3x3 and 4x1)
import torch
torch.linalg.solve(torch.eye(3), torch.ones(4))
