# badinput: torch.load of a zip whose data.pkl is garbage
# expect-exit: 1
# expect-stderr: Check the documentation of torch.load
import torch, zipfile, os, tempfile
p = os.path.join(tempfile.mkdtemp(), 'a.pt')
with zipfile.ZipFile(p, 'w') as z:
    z.writestr('archive/data.pkl', b'\x00\x01garbage')
    z.writestr('archive/version', '3\n')
torch.load(p)
