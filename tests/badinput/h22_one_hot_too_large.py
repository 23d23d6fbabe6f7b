# badinput: one_hot class value past num_classes
# expect-exit: 1
# expect-stderr: RuntimeError: Class values must be smaller than num_classes.
import torch
import torch.nn as nn
import torch.nn.functional as F
F.one_hot(torch.tensor([5]), 3)
