# badinput: topk with k past the dim
# expect-exit: 1
# expect-stderr: RuntimeError: selected index k out of range
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.ones(4).topk(5))
