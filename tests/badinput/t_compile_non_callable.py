# badinput: t compile non callable (issue 31 sweep)
# expect-exit: 1
# expect-stderr: AssertionError: A callable function is expected, but <class 'int'> is provided.
import torch
torch.compile(5)
