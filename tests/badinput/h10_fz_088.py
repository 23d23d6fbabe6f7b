# badinput: torch.nn.functional.triplet_margin_loss(torch.ones(2, 3), torch.ones(2, 3), torch.ones(2, 4)) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: RuntimeError:
import torch
import torch.nn.functional as F
torch.nn.functional.triplet_margin_loss(torch.ones(2, 3), torch.ones(2, 3), torch.ones(2, 4))
