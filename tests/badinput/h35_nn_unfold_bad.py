# badinput: torch.nn / utils misuse: nn unfold bad
# expect-exit: 1
# expect-stderr: RuntimeError: Given input with spatial size (2, 2), kernel_size=(3, 3), dilation=(1, 1), padding=(0, 0), calculated shape of the array of sliding blocks as (0, 0), but its components must be at least one.
import torch
torch.nn.functional.unfold(torch.ones(1, 1, 2, 2), kernel_size=3)
