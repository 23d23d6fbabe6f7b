# badinput: one_hot of a negative class
# expect-exit: 1
# expect-stderr: RuntimeError: Class values must be non-negative.
import torch
import torch.nn as nn
import torch.nn.functional as F
F.one_hot(torch.tensor([-1]))
