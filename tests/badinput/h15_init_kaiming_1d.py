# badinput: kaiming_normal_ of a 1-d tensor: 'Fan in and fan out can not be computed for tensor with fewer than 2 dimensions'
# expect-exit: 1
# expect-stderr: ValueError: Fan in and fan out can not be computed for tensor with fewer than 2 dimensions
import torch
torch.nn.init.kaiming_normal_(torch.empty(5))
