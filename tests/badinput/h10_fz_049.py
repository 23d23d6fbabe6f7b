# badinput: torch.ones(2).lerp(torch.ones(2), torch.ones(5)) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: RuntimeError: The size of tensor a
import torch
import torch.nn.functional as F
torch.ones(2).lerp(torch.ones(2), torch.ones(5))
