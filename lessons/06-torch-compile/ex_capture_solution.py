import torch

graphs = []

def backend(gm, example_inputs):
    graphs.append(len([n for n in gm.graph.nodes if n.op == "placeholder"]))
    return gm.forward

def model(x, bias):
    return (x * 2 + bias).relu()

# The exercise: the backend should receive one graph with both tensors as inputs.
# The program compiles the function but does not send its calls through the
# compiled version. Fix it.
compiled = torch.compile(model, backend=backend)
x = torch.tensor([1.0, -3.0])
b = torch.tensor([0.5, 0.5])
print(compiled(x, b))
print("graphs:", len(graphs), "inputs per graph:", graphs)
