import torch

graphs = []

# The exercise: make this backend record how many call_function nodes (tensor ops)
# each graph it receives holds.
def counting(gm, example_inputs):
    graphs.append(0)
    return gm.forward

def f(x, y):
    return (x * y + x).sigmoid() - y

cf = torch.compile(f, backend=counting)
x = torch.tensor([1.0, 2.0])
y = torch.tensor([0.5, -0.5])
print(torch.equal(cf(x, y), f(x, y)))
print("ops per graph:", graphs)
