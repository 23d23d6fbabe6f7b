# badinput: compile disable non callable
# expect-exit: 1
# expect-stderr: AssertionError: A callable function is expected, but <class 'int'> is provided.
import torch
import torch.nn as nn
torch.compile(123, disable=True)
