# badinput: a module registered as its own child: state_dict() recurses without end
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
# expect-stdout: 2
import torch.nn as nn
m = nn.Sequential(nn.Linear(2, 2))
m.add_module("me", m)
print(len(list(m.parameters())))
m.state_dict()
