# badinput: torch.utils.data.ConcatDataset([]) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: AssertionError:
import torch
import torch.nn.functional as F
torch.utils.data.ConcatDataset([])
