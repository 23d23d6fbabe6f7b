import torch
import torch._dynamo

# Three ways to choose dynamic or static up front, compared on the same sizes.
def make_counter():
    graphs = []
    def counting(gm, example_inputs):
        graphs.append([type(a).__name__ for a in example_inputs])
        return gm.forward
    return graphs, counting

def f(x):
    return x * x.shape[0]

sizes = [4, 5, 6, 7]

# 1. mark_dynamic: this dimension is symbolic from the first compile.
graphs, counting = make_counter()
cf = torch.compile(f, backend=counting)
for n in sizes:
    x = torch.ones(n)
    torch._dynamo.mark_dynamic(x, 0)
    cf(x)
print("mark_dynamic: graphs", len(graphs), graphs[0])

# 2. dynamic=True: every size is symbolic from the first compile.
torch._dynamo.reset()
graphs, counting = make_counter()
cf = torch.compile(f, backend=counting, dynamic=True)
for n in sizes:
    cf(torch.ones(n))
print("dynamic=True: graphs", len(graphs), graphs[0])

# 3. dynamic=False: never symbolic, every new size is a new graph.
torch._dynamo.reset()
graphs, counting = make_counter()
cf = torch.compile(f, backend=counting, dynamic=False)
for n in sizes:
    cf(torch.ones(n))
print("dynamic=False: graphs", len(graphs), graphs[-1])
