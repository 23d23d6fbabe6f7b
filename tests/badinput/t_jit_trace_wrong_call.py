# badinput: t jit trace wrong call (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: <lambda>() expected at most 1 argument(s) but received 2 argument(s).
import torch
f = torch.jit.trace(lambda x: x * 2, torch.ones(2))
f(torch.ones(2), torch.ones(2))
