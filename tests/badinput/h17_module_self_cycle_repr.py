# badinput: a module registered as its own child: modules() stops at the cycle, repr recurses without end
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
# expect-stdout: 1
import torch.nn as nn
m = nn.Sequential()
m.add_module("me", m)
print(len(list(m.modules())))
print(m)
