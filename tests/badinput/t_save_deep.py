# badinput: t save deep (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded while pickling an object
import torch
import tempfile, os
x = torch.ones(1)
for i in range(100000):
    x = [x]
p = os.path.join(tempfile.mkdtemp(), 'a.pt')
torch.save(x, p)
