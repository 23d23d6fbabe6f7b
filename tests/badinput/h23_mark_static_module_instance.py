# badinput: mark_static of a module instance (PyTorch wants the class)
# expect-exit: 1
# expect-stderr: TypeError: issubclass() arg 1 must be a class
import torch
import torch.nn as nn
import torch.nn.functional as F
torch._dynamo.mark_static(nn.Linear(2, 2))
