# badinput: ops that read the size of dimension `dim` given a 0-dim tensor (narrow, unbind, unflatten, take_along_dim, cross): wrap_dim admits dim 0/-1 of a scalar as reductions do, and the size read past the empty shape (segfault); ATen's checks (narrow's 0-dim text, sym_size's IndexError, which unflatten wraps as an unexpected error; PyTorch appends its C++ backtrace, so only the first two lines are printed) and movedim's no-op alias (h12 op-table sweep)
# expect-exit: 0
# expect-stdout: RuntimeError: narrow() cannot be applied to a 0-dim tensor.|RuntimeError: narrow() cannot be applied to a 0-dim tensor.|IndexError: Dimension specified as 0 but tensor has no dimensions|IndexError: Dimension specified as 0 but tensor has no dimensions|RuntimeError: unflatten got an unexpected error: / Dimension specified as 0 but tensor has no dimensions|IndexError: Dimension specified as 0 but tensor has no dimensions|IndexError: Dimension specified as 0 but tensor has no dimensions|ok 1.5 AliasBackward0
import torch
x = torch.tensor(1.5)
out = []
for f in (lambda: torch.narrow(x, 0, 0, 1), lambda: x.narrow(-1, 0, -1),
          lambda: torch.unbind(x), lambda: x.unbind(-1), lambda: x.unflatten(0, (1,)),
          lambda: torch.take_along_dim(x, torch.tensor(0), -1), lambda: torch.cross(x, x, 0)):
    try:
        f()
        out.append("no error")
    except (RuntimeError, IndexError) as e:
        out.append(f"{type(e).__name__}: " + " / ".join(str(e).splitlines()[:2]))
y = torch.movedim(x.requires_grad_(), 0, -1)
out.append(f"ok {y.detach()} {type(y.grad_fn).__name__}")
print("|".join(out))
