# badinput: torch.nn.functional.local_response_norm(torch.ones(1, 3, 4), 0) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: RuntimeError:
import torch
import torch.nn.functional as F
torch.nn.functional.local_response_norm(torch.ones(1, 3, 4), 0)
