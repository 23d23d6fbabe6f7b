# badinput: register_hook on a tensor that does not require grad
# expect-exit: 1
# expect-stderr: RuntimeError: cannot register a hook on a tensor that doesn't require gradient
import torch
x = torch.ones(2)
x.register_hook(lambda g: g)
