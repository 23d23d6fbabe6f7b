# badinput: topk too big
# expect-exit: 1
# expect-stderr: RuntimeError: selected index k out of range
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.topk(torch.ones(3), 5)
