# badinput: torch.nn.utils.clip_grad_norm_([], 1.0, norm_type="bad") (misuse sweep; _get_total_norm's float(norm_type) comes before the empty-list return, so it is float()'s ValueError)
# expect-exit: 1
# expect-stderr: ValueError: could not convert string to float: 'bad'
import torch
import torch.nn.functional as F
torch.nn.utils.clip_grad_norm_([], 1.0, norm_type="bad")
