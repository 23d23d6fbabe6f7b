import torch

graphs = 0

# The exercise: write a backend that counts the graphs it is given, so that the
# program prints how many graphs torch.compile captured.
def my_backend(gm, example_inputs):
    global graphs
    graphs += 1
    return gm.forward

def f(x):
    x = x * 2
    print("a graph break")
    return x + 1

cf = torch.compile(f, backend=my_backend)
cf(torch.ones(2))
print("graphs:", graphs)
