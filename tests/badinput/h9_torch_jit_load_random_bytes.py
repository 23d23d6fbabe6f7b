# badinput: torch.jit.load of a file of random bytes
# expect-exit: 1
# expect-stderr: RuntimeError
import torch, os, tempfile
torch.manual_seed(0)
p = os.path.join(tempfile.mkdtemp(), 'r.pt')
open(p, 'wb').write(bytes(torch.randint(0, 256, (4096,), dtype=torch.uint8).tolist()))
torch.jit.load(p)
