# badinput: torch.nn.functional.embedding_bag(torch.tensor([0, 1]), torch.ones(3, 2), torch.tensor([5])) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: RuntimeError:
import torch
import torch.nn.functional as F
torch.nn.functional.embedding_bag(torch.tensor([0, 1]), torch.ones(3, 2), torch.tensor([5]))
