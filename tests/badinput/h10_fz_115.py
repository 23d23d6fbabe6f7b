# badinput: torch.nn.utils.clip_grad_norm_([], 1.0, norm_type="bad") (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: TypeError:
import torch
import torch.nn.functional as F
torch.nn.utils.clip_grad_norm_([], 1.0, norm_type="bad")
