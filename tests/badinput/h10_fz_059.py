# badinput: torch.cdist(torch.ones(2, 3), torch.ones(2, 4)) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: RuntimeError:
import torch
import torch.nn.functional as F
torch.cdist(torch.ones(2, 3), torch.ones(2, 4))
