# badinput: torch.nn.utils.vector_to_parameters(torch.ones(3), torch.nn.Linear(2, 2).parameters()) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: RuntimeError:
import torch
import torch.nn.functional as F
torch.nn.utils.vector_to_parameters(torch.ones(3), torch.nn.Linear(2, 2).parameters())
