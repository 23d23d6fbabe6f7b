# badinput: t save self ref (issue 31 sweep)
# expect-exit: 0
# expect-stdout: True
import torch
import tempfile, os
l = [torch.ones(1)]
l.append(l)
p = os.path.join(tempfile.mkdtemp(), 'a.pt')
torch.save(l, p)
m = torch.load(p)
print(m[1] is m)
