# badinput: INT64_MIN // -1 in a compiled function
# expect-exit: 0
# expect-stdout: [-9223372036854775808, -6] [0, 0]
import torch
f = torch.compile(lambda x: (x // -1, x % -1))
a, b = f(torch.tensor([-2**63, 6]))
print(a.tolist(), b.tolist())
