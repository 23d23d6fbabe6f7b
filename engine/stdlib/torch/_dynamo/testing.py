# torch._dynamo.testing: the counting and recording backends that Dynamo's docs, tutorials and tests
# pass to torch.compile(backend=...) to see how many frames compiled and how many ops each captured.
# CompileCounterWithBackend wraps a backend written in Python (EagerAndRecordGraphs, a function);
# Kiln's named backends are not Python callables it could hand a graph to. Left out: the helpers of PyTorch's own test suite (rand_strided, standard_test, ...).


class CompileCounter:
    # A backend that runs each graph as captured and counts the graphs (frame_count) and their
    # call_function/call_method/call_module nodes (op_count).
    def __init__(self):
        self.frame_count = 0
        self.op_count = 0

    def __call__(self, gm, example_inputs):
        self.frame_count += 1
        for node in gm.graph.nodes:
            if "call" in node.op:
                self.op_count += 1
        return gm.forward

    def clear(self):
        self.frame_count = 0
        self.op_count = 0


class EagerAndRecordGraphs:
    # A backend that keeps every graph it is given (graphs) and runs it as captured.
    def __init__(self):
        self.graphs = []

    def __call__(self, gm, example_inputs):
        self.graphs.append(gm)
        return gm.forward


class CompileCounterWithBackend:
    # CompileCounter that hands each graph on to `backend` (a Python backend) and keeps the graphs.
    def __init__(self, backend):
        if not callable(backend):
            raise NotImplementedError(
                "Kiln's CompileCounterWithBackend takes a backend written in Python; named backends "
                f"({backend!r}) are native in Kiln")
        self.frame_count = 0
        self.op_count = 0
        self.backend = backend
        self.graphs = []

    def __call__(self, gm, example_inputs):
        self.frame_count += 1
        for node in gm.graph.nodes:
            if "call" in node.op:
                self.op_count += 1
        self.graphs.append(gm)
        return self.backend(gm, example_inputs)

    def clear(self):
        self.frame_count = 0
        self.op_count = 0
        self.graphs = []
