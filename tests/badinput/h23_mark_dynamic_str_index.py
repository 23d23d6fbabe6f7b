# badinput: mark_dynamic with a string index
# expect-exit: 1
# expect-stderr: AssertionError
import torch
import torch.nn as nn
import torch.nn.functional as F
torch._dynamo.mark_dynamic(torch.ones(2), 'batch')
