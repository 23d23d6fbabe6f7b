# badinput: torch.utils.data.BatchSampler([0, 1], batch_size=-1, drop_last=False) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: ValueError:
import torch
import torch.nn.functional as F
torch.utils.data.BatchSampler([0, 1], batch_size=-1, drop_last=False)
