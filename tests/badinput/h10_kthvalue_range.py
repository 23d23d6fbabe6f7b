# badinput: kthvalue range
# expect-exit: 1
# expect-stderr: RuntimeError: kthvalue(): selected number k out of range for dimension 0
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(3).kthvalue(5)
