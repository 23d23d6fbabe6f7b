import os, torch
from typing import List, Optional
# An assert is an if statement whose other branch raises (PyTorch's emitAssert builds
# `if test: pass else: raise AssertionError(msg)` and emits it as any if), so what the test
# proves holds after it: `assert x is not None` refines an Optional to its element type for the
# rest of the function, as real model code relies on (an optional mask or cache checked by an
# assert, then used as a tensor). Several shapes: an argument, two names under `and`, a variable
# declared `Optional[int] = None` and set in a loop (its declared type is what the loop carries and
# what the assert refines), a message that is not a string; with graphs, code, results and the
# failures' texts.
HERE = os.path.dirname(os.path.abspath(__file__)) + os.sep


def report(fn, *args):
    try:
        print(fn(*args))
    except Exception as e:
        print(type(e).__name__, isinstance(e, RuntimeError))
        print(str(e).replace(HERE, ""))


@torch.jit.script
def masked(x, mask: Optional[torch.Tensor]):
    assert mask is not None
    return x.masked_fill(mask, 0.0)


@torch.jit.script
def both(x, a: Optional[torch.Tensor], b: Optional[int]):
    assert a is not None and b is not None, "a and b are required"
    return x * a + b


@torch.jit.script
def computed(xs: List[int], key: int) -> int:
    found: Optional[int] = None
    for v in xs:
        if v == key:
            found = v
    assert found is not None, key
    return found + 1


for fn in [masked, both, computed]:
    print(str(fn.graph).replace(HERE, ""))
    print(fn.code)

x = torch.arange(4.0)
report(masked, x, x > 1)
report(masked, x, None)
report(both, x, x, 2)
report(both, x, None, 2)
report(computed, [1, 2, 3], 2)
report(computed, [1, 2, 3], 7)
