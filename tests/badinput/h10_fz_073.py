# badinput: torch.nn.functional.grid_sample(torch.ones(1, 1, 4, 4), torch.ones(1, 2, 2, 3)) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: RuntimeError:
import torch
import torch.nn.functional as F
torch.nn.functional.grid_sample(torch.ones(1, 1, 4, 4), torch.ones(1, 2, 2, 3))
