# badinput: torch.utils.data.DataLoader(list(range(3)), batch_size=2, drop_last=True, sampler=[0, 1], shuffle=True) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: ValueError:
import torch
import torch.nn.functional as F
torch.utils.data.DataLoader(list(range(3)), batch_size=2, drop_last=True, sampler=[0, 1], shuffle=True)
