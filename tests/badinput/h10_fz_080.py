# badinput: torch.nn.functional.batch_norm(torch.ones(2, 3), torch.ones(4), torch.ones(4)) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: RuntimeError:
import torch
import torch.nn.functional as F
torch.nn.functional.batch_norm(torch.ones(2, 3), torch.ones(4), torch.ones(4))
