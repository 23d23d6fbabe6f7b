# badinput: torch.utils.data.RandomSampler(list(range(3)), num_samples=-1) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: ValueError:
import torch
import torch.nn.functional as F
torch.utils.data.RandomSampler(list(range(3)), num_samples=-1)
