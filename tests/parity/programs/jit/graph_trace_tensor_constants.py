import torch
# How a traced graph prints a tensor frozen into it as a constant: one element as {value}, up to
# ten elements as ATen's C++ printer writes the tensor (one column format for all values: integers
# plainly, fractions fixed with 4 decimals, scientific when magnitudes span more than 4 decades, a
# common "N *" scale factor for large fractions; rows of a matrix on their own lines, "(i,.,.) = "
# before each matrix of a higher-dimensional tensor; then the type and sizes), its newlines
# turned into spaces; more than ten elements as <Tensor>.

constants = [
    torch.tensor([1.0, 0.0, 1.0]),
    torch.tensor([1.5, -2.25, 100.0]),
    torch.tensor([0.001, 200000.0]),
    torch.tensor([123456.5, 7.25]),
    torch.tensor([123456.5, 54321.25]),
    torch.tensor([-0.5, 0.25]),
    torch.tensor([0.015625, 0.03125]),
    torch.tensor([[1, 2], [3, 4]]),
    torch.tensor([[0.5, -1.0, 2.0], [3.0, 4.0, 5.0]], dtype=torch.float64),
    torch.tensor([[[1, 2], [3, 4]], [[5, 6], [7, 8]]], dtype=torch.int32),
    torch.tensor([True, False, True]),
    torch.arange(8).reshape(2, 2, 1, 2),
    torch.tensor([1e12, 2.0]),
    torch.tensor([float("inf"), -1.5, float("nan")]),
    torch.tensor([[-0.0625]]),
    torch.arange(10.0) / 3,
    torch.arange(11.0),
    torch.zeros(0),
    torch.tensor([2.5, 3.5], dtype=torch.float16),
]


def attribute_value(line):
    start = line.index("[value=") + len("[value=")
    return line[start:line.rindex("]()")]


for c in constants:
    def f(x):
        return x + c.to(x.dtype).sum()
    g = torch.jit.trace(f, torch.zeros(1)).graph
    for line in str(g).split("\n"):
        if "prim::Constant[value=" in line and ("Type{" in line or "<Tensor>" in line or "{" in line):
            print(repr(attribute_value(line)))
