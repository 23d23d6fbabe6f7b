# badinput: torch.nn / utils misuse: nn pad reflect big
# expect-exit: 1
# expect-stderr: RuntimeError: Argument #4: Padding size should be less than the corresponding input dimension, but got: padding (5, 5) at dimension 2 of input [1, 1, 3]
import torch
torch.nn.functional.pad(torch.ones(1, 1, 3), (5, 5), mode="reflect")
