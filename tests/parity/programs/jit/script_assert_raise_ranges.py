import os, torch
from typing import List, Optional
# The raise/assert class beyond one program: an assert's AssertionError is the emitter's builtin
# ExceptionValue (message "AssertionError: " + str(msg) built in the graph, no class: the error
# ends "RuntimeError: AssertionError: ..."), also when the program raises AssertionError itself;
# other exceptions keep their qualified class. The traceback under-lines the frontend's range of
# the statement: the keyword merged with its expressions, where a call ends at its last argument
# and a string literal before its closing quote. Shapes: f-string and non-string messages, a
# method's assert (its lines printed as the file has them), nested calls and attribute chains.
HERE = os.path.dirname(os.path.abspath(__file__)) + os.sep


def report(fn, *args):
    try:
        print(fn(*args))
    except Exception as e:
        print(type(e).__name__, isinstance(e, RuntimeError))
        print(str(e).replace(HERE, ""))


@torch.jit.script
def explicit_assertion(k: int) -> int:
    if k > 2:
        raise AssertionError("k too big")
    return k


@torch.jit.script
def fstring_message(x, k: int):
    assert k >= 0, f"k={k} must not be negative"
    return x * k


@torch.jit.script
def nested_call(xs: List[int]) -> int:
    if len(xs) == 0:
        raise ValueError("empty list of length " + str(len(xs[1:])))
    assert xs[0] != 3, xs[0] * 2
    return xs[0]


@torch.jit.script
def float_message(x: float) -> float:
    assert x < 1.5, x
    return x


class Checked(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(2, 2)

    def forward(self, x, scale: Optional[float] = None):
        assert scale is not None, "scale is required"
        assert x.dim() == 2, "x must be " + "2-d"
        return self.lin(x) * scale


for fn in [explicit_assertion, fstring_message, nested_call, float_message]:
    print(str(fn.graph).replace(HERE, ""))
    print(fn.code)

m = torch.jit.script(Checked())
print(str(m.graph).replace(HERE, ""))
print(m.code)
torch.manual_seed(0)
report(explicit_assertion, 3)
report(explicit_assertion, 1)
report(fstring_message, torch.ones(2), -4)
report(nested_call, [])
report(nested_call, [3, 1])
report(nested_call, [5])
report(float_message, 2.25)
report(m, torch.ones(2, 2), None)
report(m, torch.ones(2), 2.0)
print(m(torch.ones(1, 2), 2.0).shape)
