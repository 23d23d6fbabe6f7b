# badinput: t load zip storage short (issue 31 sweep; PyTorchStreamReader::getRecord's size check, worded as PyTorch words it)
# expect-exit: 1
# expect-stderr: RuntimeError: record size (3 bytes) does not match expected size (16 bytes = 16 elements * 1 bytes/element) for dtype Byte
import torch
import tempfile, os, zipfile
p = os.path.join(tempfile.mkdtemp(), 'a.pt')
torch.save(torch.ones(4), p)
with zipfile.ZipFile(p) as z:
    names = {n: z.read(n) for n in z.namelist()}
with zipfile.ZipFile(p, 'w') as z:
    for n, b in names.items():
        z.writestr(n, b[:3] if '/data/' in n else b)
print(torch.load(p))
