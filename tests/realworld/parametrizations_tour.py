# Real-program corpus (tests/realworld, see README.md): torch.nn.utils.parametrize as its tutorial walks
# it: a hand-written symmetric layer, then register_parametrization with Symmetric and Skew modules on a
# Linear and a Conv2d, the Parametrized<Class> repr with its ModuleDict of ParametrizationLists,
# parametrizations.weight.original among named_parameters, torch.dist against the hand-made result,
# the cached() context (counting forward calls), chained parametrizations (Skew then a Cayley map
# through torch.linalg.solve, Skew/Symmetric then matrix_exp, eigvalsh positivity), right_inverse on
# assignment (also in a chain, and PyTorch's behaviour of applying it at registration), a pruning
# parametrization with a bernoulli mask, and remove_parametrizations with and without
# leave_parametrized: the workflow of pytorch/tutorials intermediate_source/parametrizations.py @
# 3d37bd7d070abfd7fa7b850be4cce22cb7c0315c. Changes: a seed; distances that are rounding noise in
# exact arithmetic (X^T X - I for an orthogonal X) are printed as comparisons with 1e-5. Written for
# Kiln, not copied.
import torch
import torch.nn as nn
import torch.nn.utils.parametrize as parametrize

torch.manual_seed(0)


def symmetric(X):
    return X.triu() + X.triu(1).transpose(-1, -2)


X = torch.rand(3, 3)
A = symmetric(X)
assert torch.allclose(A, A.T)
print(A)


class LinearSymmetric(nn.Module):
    def __init__(self, n_features):
        super().__init__()
        self.weight = nn.Parameter(torch.rand(n_features, n_features))

    def forward(self, x):
        return x @ symmetric(self.weight)


layer = LinearSymmetric(3)
print(layer(torch.rand(8, 3)).shape)


class Symmetric(nn.Module):
    def forward(self, X):
        return X.triu() + X.triu(1).transpose(-1, -2)


layer = nn.Linear(3, 3)
parametrize.register_parametrization(layer, "weight", Symmetric())
A = layer.weight
assert torch.allclose(A, A.T)
print(A)


class Skew(nn.Module):
    def forward(self, X):
        A = X.triu(1)
        return A - A.transpose(-1, -2)


cnn = nn.Conv2d(in_channels=5, out_channels=8, kernel_size=3)
parametrize.register_parametrization(cnn, "weight", Skew())
print(cnn.weight[0, 1])
print(cnn.weight[2, 2])

layer = nn.Linear(3, 3)
print(f"Unparametrized:\n{layer}")
parametrize.register_parametrization(layer, "weight", Symmetric())
print(f"\nParametrized:\n{layer}")
print(type(layer).__name__, type(layer).__mro__[1].__name__, parametrize.is_parametrized(layer))
print(layer.parametrizations)
print(layer.parametrizations.weight)
print(layer.parametrizations.weight[0])
print(dict(layer.named_parameters()))
print(layer.parametrizations.weight.original)
weight_orig = layer.parametrizations.weight.original
print(torch.dist(layer.weight, Symmetric()(weight_orig)))

calls = []


class NoisyParametrization(nn.Module):
    def forward(self, X):
        calls.append(1)
        print("Computing the Parametrization")
        return X


layer = nn.Linear(4, 4)
parametrize.register_parametrization(layer, "weight", NoisyParametrization())
print("Here, layer.weight is recomputed every time we call it")
foo = layer.weight + layer.weight.T
bar = layer.weight.sum()
with parametrize.cached():
    print("Here, it is computed just the first time layer.weight is called")
    foo = layer.weight + layer.weight.T
    bar = layer.weight.sum()
print(len(calls))


class CayleyMap(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.register_buffer("Id", torch.eye(n))

    def forward(self, X):
        # (I + X)(I - X)^{-1}
        return torch.linalg.solve(self.Id - X, self.Id + X)


layer = nn.Linear(3, 3)
parametrize.register_parametrization(layer, "weight", Skew())
parametrize.register_parametrization(layer, "weight", CayleyMap(3))
X = layer.weight
print(torch.dist(X.T @ X, torch.eye(3)) < 1e-5)
print(layer.parametrizations.weight)


class MatrixExponential(nn.Module):
    def forward(self, X):
        return torch.matrix_exp(X)


layer_orthogonal = nn.Linear(3, 3)
parametrize.register_parametrization(layer_orthogonal, "weight", Skew())
parametrize.register_parametrization(layer_orthogonal, "weight", MatrixExponential())
X = layer_orthogonal.weight
print(torch.dist(X.T @ X, torch.eye(3)) < 1e-5)

layer_spd = nn.Linear(3, 3)
parametrize.register_parametrization(layer_spd, "weight", Symmetric())
parametrize.register_parametrization(layer_spd, "weight", MatrixExponential())
X = layer_spd.weight
print(torch.dist(X, X.T))
print((torch.linalg.eigvalsh(X) > 0.).all())


class Skew(nn.Module):
    def forward(self, X):
        A = X.triu(1)
        return A - A.transpose(-1, -2)

    def right_inverse(self, A):
        # A is assumed skew-symmetric: the upper triangle is what forward reads
        return A.triu(1)


layer = nn.Linear(3, 3)
parametrize.register_parametrization(layer, "weight", Skew())
X = torch.rand(3, 3)
X = X - X.T
layer.weight = X
print(torch.dist(layer.weight, X))


class CayleyMap(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.register_buffer("Id", torch.eye(n))

    def forward(self, X):
        return torch.linalg.solve(self.Id - X, self.Id + X)

    def right_inverse(self, A):
        # the tutorial's inverse: (A - I)(A + I)^{-1} as written there
        return torch.linalg.solve(A + self.Id, self.Id - A)


layer_orthogonal = nn.Linear(3, 3)
parametrize.register_parametrization(layer_orthogonal, "weight", Skew())
parametrize.register_parametrization(layer_orthogonal, "weight", CayleyMap(3))
X = torch.empty(3, 3)
nn.init.orthogonal_(X)
if X.det() < 0.:
    X[0].neg_()
layer_orthogonal.weight = X
print(f"{torch.dist(layer_orthogonal.weight, X).item():.4f}")
layer_orthogonal.weight = nn.init.orthogonal_(layer_orthogonal.weight)
W = layer_orthogonal.weight
print(torch.dist(W.T @ W, torch.eye(3)) < 1e-5)


class PruningParametrization(nn.Module):
    def __init__(self, X, p_drop=0.2):
        super().__init__()
        mask = torch.full_like(X, 1.0 - p_drop)
        self.mask = torch.bernoulli(mask)

    def forward(self, X):
        return X * self.mask

    def right_inverse(self, A):
        return A


layer = nn.Linear(3, 4)
X = torch.rand_like(layer.weight)
print(f"Initialization matrix:\n{X}")
parametrize.register_parametrization(layer, "weight", PruningParametrization(layer.weight))
layer.weight = X
print(f"\nInitialized weight:\n{layer.weight}")

for leave in (True, False):
    layer = nn.Linear(3, 3)
    print("Before:")
    print(layer)
    print(layer.weight)
    parametrize.register_parametrization(layer, "weight", Skew())
    print("\nParametrized:")
    print(layer)
    print(layer.weight)
    parametrize.remove_parametrizations(layer, "weight", leave_parametrized=leave)
    print(f"\nAfter (leave_parametrized={leave}):")
    print(layer)
    print(layer.weight)
    print(type(layer).__name__, hasattr(layer, "parametrizations"))
