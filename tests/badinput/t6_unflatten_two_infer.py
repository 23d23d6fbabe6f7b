# badinput: unflatten two infer (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's): ATen's
# unflatten wraps infer_size's error as "unflatten got an unexpected error:\n<its text>" (the
# hostile_args_sweep6 golden shows the C++ backtrace that PyTorch appends), so its last line is infer_size's text
# expect-exit: 1
# expect-stderr: only one dimension can be inferred
import torch
torch.ones(6).unflatten(0, (-1, -1))
