# badinput: torch.nn / utils misuse: nn bce out of range
# expect-exit: 1
# expect-stderr: RuntimeError: all elements of input should be between 0 and 1
import torch
torch.nn.functional.binary_cross_entropy(torch.tensor([1.5]), torch.tensor([1.0]))
