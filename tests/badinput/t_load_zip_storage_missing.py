# badinput: t load zip storage missing (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: PytorchStreamReader failed locating file data/0: file not found
import torch
import tempfile, os, zipfile, pickle
p = os.path.join(tempfile.mkdtemp(), 'a.pt')
torch.save(torch.ones(4), p)
with zipfile.ZipFile(p) as z:
    names = {n: z.read(n) for n in z.namelist()}
with zipfile.ZipFile(p, 'w') as z:
    for n, b in names.items():
        if '/data/' not in n:
            z.writestr(n, b)
torch.load(p)
