# badinput: torch.ones(2).index_add_(0, torch.tensor([7]), torch.ones(1)) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: RuntimeError:
import torch
import torch.nn.functional as F
torch.ones(2).index_add_(0, torch.tensor([7]), torch.ones(1))
