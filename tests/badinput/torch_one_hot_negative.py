# badinput: one_hot of a negative class
# expect-exit: 1
# expect-stderr: RuntimeError: Class values must be non-negative.
import torch
torch.nn.functional.one_hot(torch.tensor([-1]))
