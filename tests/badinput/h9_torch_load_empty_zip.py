# badinput: torch.load of an empty zip archive
# expect-exit: 1
# expect-stderr: Check the documentation of torch.load
import torch, zipfile, os, tempfile
p = os.path.join(tempfile.mkdtemp(), 'a.pt')
zipfile.ZipFile(p, 'w').close()
torch.load(p)
