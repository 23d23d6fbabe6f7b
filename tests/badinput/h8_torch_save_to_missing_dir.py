# badinput: PyTorch misuse: save to missing dir
# expect-exit: 1
# expect-stderr: RuntimeError: Parent directory no_such_dir does not exist.
import torch
torch.save(torch.zeros(1), 'no_such_dir/x.pt')
