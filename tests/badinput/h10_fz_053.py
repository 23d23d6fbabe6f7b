# badinput: torch.linalg.solve(torch.ones(2, 2), torch.ones(3)) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: RuntimeError:
import torch
import torch.nn.functional as F
torch.linalg.solve(torch.ones(2, 2), torch.ones(3))
