# torch.einsum's two call forms as real code writes them: the equation string (operands as
# arguments or as one list) and the sublist format einsum(op1, sublist1, op2, sublist2, ...,
# [out_sublist]) (subscripts are ints in [0, 52) and Ellipsis), with upper-case equation letters,
# implicit outputs, and the ValueErrors of too few arguments and out-of-range subscripts.
import torch

torch.manual_seed(0)
a = torch.randn(2, 3)
b = torch.randn(3, 4)
c = torch.randn(2, 5, 3)
print(torch.einsum("ij,jk->ik", a, b))
print(torch.einsum("ij,jk", [a, b]))
print(torch.einsum("Ab,bC->AC", a, b))
print(torch.einsum(a, [0, 1], b, [1, 2], [0, 2]))
print(torch.einsum(a, [26, 27], b, [27, 28]))
print(torch.einsum(c, [Ellipsis, 1], [Ellipsis]))
print(torch.einsum(c, [0, Ellipsis, 2], a, [0, 2], [0, Ellipsis]))
print(torch.einsum("bij->", c), torch.einsum("ii", torch.eye(3)), torch.einsum("i,j->ij", torch.ones(2), torch.arange(3.0)))
for args in [(a, [0, 52]), (a, [-1, 0]), ("ij",), (a,)]:
    try:
        torch.einsum(*args)
    except ValueError as e:
        print("ValueError:", e)
