# badinput: torch.nn.functional.nll_loss(torch.ones(2, 3), torch.tensor([-5, 1])) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: IndexError:
import torch
import torch.nn.functional as F
torch.nn.functional.nll_loss(torch.ones(2, 3), torch.tensor([-5, 1]))
