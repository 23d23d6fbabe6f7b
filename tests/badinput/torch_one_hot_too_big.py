# badinput: one_hot with a class over num_classes
# expect-exit: 1
# expect-stderr: RuntimeError: Class values must be smaller than num_classes.
import torch
torch.nn.functional.one_hot(torch.tensor([5]), 3)
