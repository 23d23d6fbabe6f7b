# badinput: torch.nn.MultiheadAttention(8, 2)(torch.ones(3, 1, 8), torch.ones(3, 1, 8), torch.ones(4, 1, 8)) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: AssertionError:
import torch
import torch.nn.functional as F
torch.nn.MultiheadAttention(8, 2)(torch.ones(3, 1, 8), torch.ones(3, 1, 8), torch.ones(4, 1, 8))
