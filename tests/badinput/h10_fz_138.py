# badinput: next(iter(torch.utils.data.DataLoader([object(), object()], batch_size=2))) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: TypeError:
import torch
import torch.nn.functional as F
next(iter(torch.utils.data.DataLoader([object(), object()], batch_size=2)))
