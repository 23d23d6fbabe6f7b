# badinput: torch.jit.load of every prefix of a saved module
# expect-exit: 0
# expect-stdout: refused True
import torch, os, tempfile
d = tempfile.mkdtemp()
p = os.path.join(d, 'a.pt')
torch.jit.save(torch.jit.trace(torch.nn.Linear(2, 2), torch.ones(1, 2)), p)
data = open(p, 'rb').read()
q = os.path.join(d, 'b.pt')
bad = 0
for n in range(0, len(data), max(1, len(data) // 40)):
    open(q, 'wb').write(data[:n])
    try:
        torch.jit.load(q)
    except Exception:
        bad += 1
print('refused', bad > 0)
