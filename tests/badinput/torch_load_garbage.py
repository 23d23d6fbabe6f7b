# badinput: torch.load of a text file
# expect-exit: 1
# expect-stderr: Error
import torch
import os, tempfile
p = os.path.join(tempfile.mkdtemp(), 'garbage.pt')
open(p, 'w').write('hello world ' * 20)
torch.load(p)
