# badinput: t load flip bytes (issue 31 sweep)
# expect-exit: 0
# expect-stdout: survived True
import torch
import tempfile, os
p = os.path.join(tempfile.mkdtemp(), 'a.pt')
torch.save({'w': torch.arange(10.)}, p)
d = bytearray(open(p, 'rb').read())
bad = 0
for i in range(0, len(d), 7):
    e = bytearray(d)
    e[i] ^= 0xff
    open(p, 'wb').write(bytes(e))
    try:
        torch.load(p)
    except Exception as ex:
        bad += 1
print('survived', bad > 0)
