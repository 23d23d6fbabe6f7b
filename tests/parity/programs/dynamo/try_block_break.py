import torch
# A graph break inside a try block (PyTorch 2.11's InstructionTranslator.step): Dynamo cannot resume
# inside a try block (should_compile_partial_graph is False there), so it restarts and compiles the
# graph up to its last speculation checkpoint (an instruction with an empty stack outside any
# try/with block, once the graph holds more than one call), and the rest of the frame runs eagerly
# from that instruction (step_graph_break; explain's reason: "step_unsupported"). With no checkpoint
# before the try block the whole frame runs eagerly and no graph is compiled.


def show(gm, example_inputs):
    print(gm.code.strip())
    return gm.forward


def ops_then_try(x):
    y = x * 2
    z = y + 1
    try:
        w = z.sin()
        print("in try", w.shape)
        w = w + 1
    except RuntimeError:
        w = z
    return w.cos() + y


def try_at_start(x):
    try:
        y = x * 2
        print("at start")
        y = y + 1
    finally:
        y = y * 3
    return y


def one_op_then_try(x):
    y = x * 2
    try:
        torch._dynamo.graph_break()
        y = y + 1
    except ValueError:
        pass
    return y


def checkpoint_after_try(x):
    a = x + 1
    b = a * 2
    try:
        c = b.exp()
    except RuntimeError:
        c = b
    d = c - a
    try:
        torch._dynamo.graph_break()
        e = d.relu()
    finally:
        print("finally runs")
    return e + b


def try_finally_value(x):
    a = x.sin()
    b = a.cos()
    try:
        print("body")
        return b * 2
    finally:
        print("cleanup")


for fn in (ops_then_try, try_at_start, one_op_then_try, checkpoint_after_try, try_finally_value):
    torch._dynamo.reset()
    print("==", fn.__name__)
    x = torch.linspace(-1.0, 1.0, 6)
    got = torch.compile(fn, backend=show)(x)
    print(got, torch.allclose(got, fn(x)))
    torch._dynamo.reset()
    ex = torch._dynamo.explain(fn)(x)
    print("graphs", ex.graph_count, "breaks", ex.graph_break_count, "ops", ex.op_count)
    for r in ex.break_reasons:
        print(r.reason.splitlines()[0])
        print([(f.name, f.lineno) for f in r.user_stack])
