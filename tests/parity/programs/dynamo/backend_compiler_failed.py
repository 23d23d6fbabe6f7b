import torch
# A backend that raises: Dynamo wraps the error as torch._dynamo.exc.BackendCompilerFailed (a
# RuntimeError), naming the backend as torch.compile does (its __name__, else str(backend)) and
# keeping the original as inner_exception; it is raised `from None`, so __cause__ is None.


def asserting(gm, example_inputs):
    assert len(example_inputs) == 5, "expected five inputs"
    return gm


class Refuses:
    def __repr__(self):
        return "Refuses()"

    def __call__(self, gm, example_inputs):
        raise ValueError(f"cannot compile {len(list(gm.graph.nodes))} nodes")


def f(x):
    return x.sin() + 1


for backend in [asserting, lambda gm, ex: 1 / 0, Refuses()]:
    torch._dynamo.reset()
    try:
        torch.compile(f, backend=backend)(torch.ones(2))
        print("no error")
    except torch._dynamo.exc.BackendCompilerFailed as e:
        print(type(e).__name__, isinstance(e, RuntimeError), e.backend_name)
        print(str(e).split("\n")[:2])
        print(type(e.inner_exception).__name__, e.inner_exception, e.__cause__ is None)
