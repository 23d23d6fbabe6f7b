# badinput: einsum with a Greek subscript
# expect-exit: 1
# expect-stderr: RuntimeError: einsum(): invalid subscript given at index 1 in the equation string, subscripts must be in [a-zA-Z]
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.einsum("iλ->i", torch.ones(2,3)))
