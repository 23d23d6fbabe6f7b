# badinput: torch.compile(5)
# expect-exit: 1
# expect-stderr: AssertionError: A callable function is expected, but <class 'int'> is provided.
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.compile(5)
