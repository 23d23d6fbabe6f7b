# Lists and dicts made inside a compiled function that contain themselves (directly, or through a
# tuple) and outlive the graph: the transformed code makes each empty, then fills it, so the
# rebuilt container is one object that holds itself, as the eager function's. Kiln crashed on
# these (codegen rebuilt the container inside itself until the stack overflowed). Printed: the
# graph and break counts, the result and the identities the eager function gives.
import torch
import torch._dynamo as dynamo


def list_in_itself(x):
    xs = [x * 2]
    xs.append(xs)
    return xs[0] + 1, xs


def dict_in_itself(x):
    d = {"t": x.sin()}
    d["self"] = d
    return d["t"] * 3, d


def through_a_tuple(x):
    xs = [x.cos()]
    pair = (xs, x - 1)
    xs.append(pair)
    return pair[1] * 2, xs


graphs = []


def backend(gm, example_inputs):
    graphs.append(len(list(gm.graph.nodes)))
    return gm.forward


x = torch.arange(4.0)
for fn in (list_in_itself, dict_in_itself, through_a_tuple):
    dynamo.reset()
    graphs.clear()
    out, obj = torch.compile(fn, backend=backend)(x)
    print(fn.__name__, "graphs", len(graphs), out)
    if isinstance(obj, dict):
        print(" d['self'] is d", obj["self"] is obj, obj["t"])
    elif fn is list_in_itself:
        print(" xs[1] is xs", obj[1] is obj, obj[0])
    else:
        print(" xs[1][0] is xs", obj[1][0] is obj, obj[0], obj[1][1])
    dynamo.reset()
    ex = dynamo.explain(fn)(x)
    print(" explain", ex.graph_count, ex.graph_break_count)
