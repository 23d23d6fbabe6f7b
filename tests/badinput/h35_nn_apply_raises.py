# badinput: torch.nn / utils misuse: nn apply raises
# expect-exit: 1
# expect-stderr: ZeroDivisionError: division by zero
import torch
torch.nn.Linear(1, 1).apply(lambda m: 1 / 0)
