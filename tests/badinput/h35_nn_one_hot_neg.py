# badinput: torch.nn / utils misuse: nn one hot neg
# expect-exit: 1
# expect-stderr: RuntimeError: Class values must be non-negative.
import torch
torch.nn.functional.one_hot(torch.tensor([-1]))
