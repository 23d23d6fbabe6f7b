# badinput: torch.optim.Adam([{"params": []}]) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: ValueError:
import torch
import torch.nn.functional as F
torch.optim.Adam([{"params": []}])
