import os, torch
# A failing assert inside TorchScript: emitAssert makes it an If whose other branch raises
# AssertionError(message), so the call raises torch.jit.Error with the interpreter's traceback.
# Several shapes: with and without a message, a message that is not a string, an assert in a loop,
# with the graphs and code.
HERE = os.path.dirname(os.path.abspath(__file__)) + os.sep


def report(fn, *args):
    try:
        print(fn(*args))
    except Exception as e:
        print(type(e).__name__, type(e).__module__, isinstance(e, RuntimeError))
        print(str(e).replace(HERE, ""))


@torch.jit.script
def asserts(x, k: int):
    assert k > 0, "k must be positive"
    y = x * k
    assert k < 10
    return y


@torch.jit.script
def assert_in_loop(n: int) -> int:
    total = 0
    for i in range(n):
        assert i < 3, i
        total += i
    return total


for fn in [asserts, assert_in_loop]:
    print(str(fn.graph).replace(HERE, ""))
    print(fn.code)

x = torch.ones(2)
report(asserts, x, 0)
report(asserts, x, 12)
report(asserts, x, 3)
report(assert_in_loop, 3)
report(assert_in_loop, 5)
