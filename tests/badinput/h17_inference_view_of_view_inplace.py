# badinput: a grad-mode view of an inference-mode view keeps the inference-mode meta (propagate_creation_meta), so in-place is refused
# expect-exit: 1
# expect-stderr: RuntimeError: Output 0 of SliceBackward0 is a view of a view which was created in inference mode and is being modified inplace in normal mode.
# expect-stdout: True
import torch
a = torch.ones(4, requires_grad=True) * 2
with torch.inference_mode():
    v = a[:3]
u = v[1:]
print(u.requires_grad)
u.zero_()
