# badinput: torch.zeros(0).max(dim=0) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: IndexError:
import torch
import torch.nn.functional as F
torch.zeros(0).max(dim=0)
