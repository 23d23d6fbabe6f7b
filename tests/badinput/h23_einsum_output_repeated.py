# badinput: einsum with a repeated output subscript
# expect-exit: 1
# expect-stderr: RuntimeError: einsum(): output subscript i appears more than once in the output
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.einsum("ij->ii", torch.ones(2,3)))
