# badinput: F.embedding(torch.tensor([-1]), torch.ones(3, 2)) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: IndexError:
import torch
import torch.nn.functional as F
F.embedding(torch.tensor([-1]), torch.ones(3, 2))
