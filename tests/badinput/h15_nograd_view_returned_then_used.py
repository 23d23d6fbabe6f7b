# badinput: a @torch.no_grad() function changes a view of a parameter in place and returns the view; using the view afterwards (its grad_fn) is refused, as the view's base was changed after it was made in no_grad mode
# expect-exit: 1
# expect-stderr: RuntimeError: A view was created in no_grad mode and its base or another view of its base has been modified inplace with grad mode enabled. Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify your code by moving both the view and the inplace either both inside the no_grad block (if you don't want the inplace to be tracked) or both outside (if you want the inplace to be tracked).
import torch
@torch.no_grad()
def bump(p):
    v = p[:]
    v.add_(1.0)
    return v
a = torch.tensor([1.0], requires_grad=True)
out = bump(a)
print(out.grad_fn)
