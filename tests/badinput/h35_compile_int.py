# badinput: torch.compile of an int
# expect-exit: 1
# expect-stderr: AssertionError: A callable function is expected, but <class 'int'> is provided.
import torch
torch.compile(5)
