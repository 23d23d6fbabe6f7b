# badinput: t load truncate all (issue 31 sweep)
# expect-exit: 0
# expect-stdout: ok
import torch
import tempfile, os
p = os.path.join(tempfile.mkdtemp(), 'a.pt')
torch.save({'a': torch.ones(3), 'b': [1, 'x']}, p)
d = open(p, 'rb').read()
for n in range(0, len(d), max(1, len(d) // 300)):
    open(p, 'wb').write(d[:n])
    try:
        torch.load(p)
    except Exception:
        pass
print('ok')
