# badinput: torch.nn / utils misuse: nn bce shape
# expect-exit: 1
# expect-stderr: ValueError: Using a target size (torch.Size([4])) that is different to the input size (torch.Size([3])) is deprecated. Please ensure they have the same size.
import torch
torch.nn.functional.binary_cross_entropy(torch.rand(3), torch.rand(4))
