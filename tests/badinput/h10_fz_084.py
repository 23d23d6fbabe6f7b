# badinput: torch.nn.functional.cross_entropy(torch.ones(2, 3), torch.tensor([0, 1]), ignore_index=10 ** 20) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: RuntimeError: Overflow when unpacking long
import torch
import torch.nn.functional as F
torch.nn.functional.cross_entropy(torch.ones(2, 3), torch.tensor([0, 1]), ignore_index=10 ** 20)
