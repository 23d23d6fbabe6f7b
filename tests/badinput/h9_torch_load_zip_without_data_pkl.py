# badinput: torch.load of a zip archive with no data.pkl
# expect-exit: 1
# expect-stderr: RuntimeError: PytorchStreamReader failed locating file data.pkl: file not found
import torch, zipfile, os, tempfile
p = os.path.join(tempfile.mkdtemp(), 'a.pt')
with zipfile.ZipFile(p, 'w') as z:
    z.writestr('archive/version', '3\n')
torch.load(p)
