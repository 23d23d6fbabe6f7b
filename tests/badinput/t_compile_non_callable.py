# badinput: t compile non callable (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: torch.compile: expected a callable
import torch
torch.compile(5)
