# badinput: torch.save to a path that is a directory
# expect-exit: 1
# expect-stderr: Error
import torch, tempfile
torch.save(torch.ones(2), tempfile.mkdtemp())
