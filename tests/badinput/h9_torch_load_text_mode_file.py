# badinput: torch.load of a file object opened in text mode
# expect-exit: 1
# expect-stderr: Error
import torch, os, tempfile
p = os.path.join(tempfile.mkdtemp(), 'a.pt')
torch.save(torch.ones(2), p)
with open(p, 'r', encoding='latin-1') as f:
    torch.load(f)
