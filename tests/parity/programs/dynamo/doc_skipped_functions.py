# The examples of PyTorch's "Skipped Functions" page (docs/source/compile/
# programming_model.skipped_functions.md): skip_frame() skips its frame while the functions it calls
# are compiled on their own; a graph break in a loop skips the frame (and unrolling the loop into a
# nested function with nonlocal avoids it); a break inside a user context manager skips, outside it
# resumes; a break in a try block skips, outside it resumes; isolating
# skip_frame() in a nested function keeps the rest compiled. Each example prints its result and the
# graphs compiled (their code).
import torch
import torch._dynamo

codes = []


def rec(gm, example_inputs):
    codes.append(gm.code.strip())
    return gm.forward


def run(label, fn, x):
    torch._dynamo.reset()
    out = torch.compile(fn, backend=rec)(x)
    print(label, None if out is None else [round(v, 4) for v in out.tolist()], "graphs", len(codes))
    for c in codes:
        print(c)
    codes.clear()


x = torch.linspace(-1, 1, 3)


def inner1(x):
    return x + 1


def inner2(x):
    return x + 2


def skip_fn(x):
    x = inner1(x)
    torch._dynamo.skip_frame()
    x = inner2(x)
    return x


run("skip_frame", skip_fn, x)


def loop_break(x):
    for i in range(5):
        x = x + 1
        if i == 3:
            torch._dynamo.graph_break()
    return x


run("loop", loop_break, x)


def unrolled(x):
    def inner(i):
        nonlocal x
        x = x + 1
        if i == 3:
            torch._dynamo.graph_break()

    inner(0)
    inner(1)
    inner(2)
    inner(3)
    inner(4)
    return x


run("unrolled", unrolled, x)


class CustomCtxManager:
    def __enter__(self):
        pass

    def __exit__(self, exc_type, exc_value, traceback):
        pass


def ctx_inside(x):
    with CustomCtxManager():
        x = x + 1
        torch._dynamo.graph_break()
        return x + 1


run("ctx inside", ctx_inside, x)


def ctx_outside(x):
    with CustomCtxManager():
        x = x + 1
    torch._dynamo.graph_break()
    with CustomCtxManager():
        return x + 1


run("ctx outside", ctx_outside, x)


def try_inside(x):
    try:
        x = x + 1
        torch._dynamo.graph_break()
        return x + 1
    except Exception as e:
        pass


run("try inside", try_inside, x)


def try_outside(x):
    try:
        x = x + 1
    except Exception as e:
        pass
    torch._dynamo.graph_break()
    try:
        return x + 1
    except Exception as e:
        pass


run("try outside", try_outside, x)


def isolated(x):
    x = inner1(x)

    def problematic_code():
        torch._dynamo.skip_frame()

    problematic_code()
    x = inner2(x)
    return x


run("isolated", isolated, x)
