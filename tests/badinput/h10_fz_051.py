# badinput: torch.ones(3).sort(stable=True, dim=4) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: IndexError:
import torch
import torch.nn.functional as F
torch.ones(3).sort(stable=True, dim=4)
