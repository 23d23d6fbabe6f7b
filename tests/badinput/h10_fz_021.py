# badinput: torch.ones(2).put_(torch.tensor([10]), torch.ones(1)) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: IndexError:
import torch
import torch.nn.functional as F
torch.ones(2).put_(torch.tensor([10]), torch.ones(1))
