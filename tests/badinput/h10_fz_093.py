# badinput: torch.nn.functional.scaled_dot_product_attention(torch.ones(1, 2, 3), torch.ones(1, 4, 5), torch.ones(1, 4, 5) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: RuntimeError:
import torch
import torch.nn.functional as F
torch.nn.functional.scaled_dot_product_attention(torch.ones(1, 2, 3), torch.ones(1, 4, 5), torch.ones(1, 4, 5))
