# badinput: torch.max(x, x, 1) ran as max(x, x) with the 1 dropped (silent); no PyTorch overload takes a tensor and a keepdim/dim
# expect-exit: 0
# expect-stdout: max() received an invalid combination of arguments - got (Tensor, Tensor, int), but expected one of:| * (Tensor input, *, Tensor out = None)|      didn't match because some of the arguments have invalid types: (Tensor, !Tensor!, !int!)|max() received an invalid combination of arguments - got (Tensor, bool), but expected one of:|ok
import torch

x = torch.arange(6.0).view(2, 3)
for f in (lambda: torch.max(x, x, 1), lambda: x.min(x, True)):
    try:
        f()
    except TypeError as e:
        print("|".join(str(e).replace("min()", "max()").splitlines()[:3 if "input" in str(e) else 1]), end="|")
print("ok" if torch.equal(torch.max(x, x), x) else "bad")
