# badinput: torch.nn / utils misuse: nn one hot bad
# expect-exit: 1
# expect-stderr: RuntimeError: Class values must be smaller than num_classes.
import torch
torch.nn.functional.one_hot(torch.tensor([3]), 2)
