# What the Dynamo reference scripts share (imported by them; make_reference.sh runs only the
# scripts, not this file): a backend that records every graph it is given and prints the first one
# in all three forms, and a short printout of torch._dynamo.explain's output.
graphs = []

def capture(gm, example_inputs):
    graphs.append(gm)
    n = len(graphs)
    print("==== backend call", n, "example inputs:", [type(a).__name__ for a in example_inputs])
    if n > 1:
        return gm.forward
    print("---- gm.code (first backend call only; TORCH_LOGS graph_code shows every graph)")
    print(gm.code)
    print("---- gm.graph (first backend call only)")
    print(gm.graph)
    try:
        import tabulate
        print("---- gm.graph.print_tabular()")
        gm.graph.print_tabular()
    except ImportError:
        print("---- (tabulate not installed: no print_tabular)")
    return gm.forward

def show_explain(e):
    s = str(e)
    i = s.find("Out Guards:")
    j = s.find("Compile Times:")
    print("==== str(explain output), up to Out Guards:")
    print(s[:i])
    print("==== Out Guards: %d guards; the first two as str(explain) prints them:" % len(e.out_guards))
    print("\n".join(s[i:j].split("\n")[:19]))
    print("==== Compile Times (first line):", s[j:].split("\n")[0])
