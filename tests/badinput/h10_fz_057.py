# badinput: torch.linalg.norm(torch.ones(2), ord="fro") (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: TypeError:
import torch
import torch.nn.functional as F
torch.linalg.norm(torch.ones(2), ord="fro")
