# badinput: set num threads zero
# expect-exit: 1
# expect-stderr: RuntimeError: set_num_threads expects a positive integer
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.set_num_threads(0)
