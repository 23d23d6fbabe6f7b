# badinput: torch.set_num_threads(0)
# expect-exit: 1
# expect-stderr: RuntimeError: set_num_threads expects a positive integer
import torch
torch.set_num_threads(0)
