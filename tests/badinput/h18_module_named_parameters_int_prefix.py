# badinput: nn.Module.named_parameters(prefix=3) read the int as a str (a segfault before)
# expect-exit: 1
# expect-stderr: TypeError: unsupported operand type(s) for +: 'int' and 'str'
import torch.nn as nn
m = nn.Linear(2, 2)
for call in (lambda: m.state_dict(prefix=None), lambda: list(m.named_buffers(prefix=b'x'))):
    try:
        call()
    except TypeError as e:
        print(e)
list(m.named_parameters(prefix=3))
