# badinput: a module registered inside itself: modules() lists it once, print(m) is RecursionError (segfaulted)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
# expect-stdout: 1
import torch
m = torch.nn.Module()
m.add_module('me', m)
print(len(list(m.modules())))
print(m)
