# badinput: torch.ones(2, 3).narrow(1, -10, 1) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: IndexError:
import torch
import torch.nn.functional as F
torch.ones(2, 3).narrow(1, -10, 1)
