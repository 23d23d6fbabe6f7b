# badinput: index put dtype mismatch (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: Index put requires the source and destination dtypes match, got Float for the destination and Double for the source.
import torch
x = torch.zeros(3)
x.index_put_((torch.tensor([0]),), torch.tensor(1., dtype=torch.float64))
