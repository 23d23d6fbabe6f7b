# badinput: a format spec on a multi-element tensor
# expect-exit: 1
# expect-stderr: TypeError: unsupported format string passed to Tensor.__format__
import torch
import torch.nn as nn
import torch.nn.functional as F
print(f'{torch.ones(2):.2f}')
