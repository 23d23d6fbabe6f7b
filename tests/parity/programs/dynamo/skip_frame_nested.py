import torch
# torch._dynamo.skip_frame() (PyTorch's programming-model docs, "Skipped Functions"): the frame that
# calls it runs eagerly, while the functions it calls are still compiled as frames of their own; in
# a nested function it breaks the caller's graph at the call, with PyTorch 2.11's reason.


def record(gm, example_inputs):
    print("  graph:", [str(n.target.__name__) for n in gm.graph.nodes if n.op == "call_function"])
    return gm.forward


def in1(x):
    return x + 1


def in2(x):
    return x * 2


def top(x):
    x = in1(x)
    torch._dynamo.skip_frame()
    x = in2(x)
    return x


def nested(x):
    x = in1(x)

    def problematic_code():
        torch._dynamo.skip_frame()

    problematic_code()
    x = in2(x)
    return x - 1


for fn in (top, nested):
    torch._dynamo.reset()
    print("==", fn.__name__)
    print(torch.compile(fn, backend=record)(torch.ones(3)))
    torch._dynamo.reset()
    ex = torch._dynamo.explain(fn)(torch.ones(3))
    print("graphs", ex.graph_count, "breaks", ex.graph_break_count, "ops", ex.op_count)
    for r in ex.break_reasons:
        print(r.reason.splitlines()[0])
        print([(f.name, f.lineno) for f in r.user_stack])
