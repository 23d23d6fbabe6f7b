# badinput: torch.randn(2.0, 3): the first line of the invalid-combination error names the arguments' types
# expect-exit: 0
# expect-stdout: randn() received an invalid combination of arguments - got (float, int), but expected one of:| * (tuple of ints size, *, torch.Generator generator, tuple of names names, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False) 5
import torch
try:
    torch.randn(2.0, 3)
except TypeError as e:
    lines = str(e).splitlines()
    print(lines[0] + '|' + lines[1], len(lines))
