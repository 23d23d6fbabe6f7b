# badinput: dot dtype mismatch
# expect-exit: 1
# expect-stderr: RuntimeError: dot : expected both vectors to have same dtype, but found Float and Double
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.dot(torch.ones(2), torch.ones(2, dtype=torch.float64))
