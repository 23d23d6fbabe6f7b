# How many of torch.jit.script's DeprecationWarnings scripting a built-in layer records: one for the
# torch.jit.script call, then one per reference to a Python function (torch.nn.functional's
# F.relu, F.batch_norm, F.pad in Conv2d._conv_forward, ...) in the methods compiled for the layer's
# concrete type (torch.jit._recursive.try_compile_fn calls torch.jit.script for each), plus the
# references inside such a function the first time it is compiled (F.batch_norm's
# _verify_batch_size). A concrete type is compiled once per process: a second layer of the same
# class and constants adds nothing; other constants (ReLU(inplace=True)) make a new type.
import warnings

import torch
import torch.nn as nn


def count(label, make):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        sm = torch.jit.script(make())
    kinds = sorted({w.category.__name__ for w in caught})
    print(label, len(caught), kinds)
    return sm


layers = [
    ("Linear", lambda: nn.Linear(3, 2)),
    ("ReLU", lambda: nn.ReLU()),
    ("ReLU again", lambda: nn.ReLU()),
    ("ReLU(inplace)", lambda: nn.ReLU(inplace=True)),
    ("Conv2d", lambda: nn.Conv2d(2, 3, 3)),
    ("Conv2d again", lambda: nn.Conv2d(2, 3, 3)),
    ("Conv2d(padding=1)", lambda: nn.Conv2d(2, 3, 3, padding=1)),
    ("Conv1d", lambda: nn.Conv1d(2, 3, 3)),
    ("BatchNorm2d", lambda: nn.BatchNorm2d(3)),
    ("BatchNorm2d(4)", lambda: nn.BatchNorm2d(4)),
    ("BatchNorm1d", lambda: nn.BatchNorm1d(3)),
    ("LayerNorm", lambda: nn.LayerNorm(4)),
    ("Embedding", lambda: nn.Embedding(5, 3)),
    ("GELU", lambda: nn.GELU()),
    ("LeakyReLU", lambda: nn.LeakyReLU(0.2)),
    ("Softmax", lambda: nn.Softmax(dim=1)),
    ("Flatten", lambda: nn.Flatten()),
    ("SiLU", lambda: nn.SiLU()),
    ("Dropout", lambda: nn.Dropout(0.3)),
    ("MaxPool2d", lambda: nn.MaxPool2d(2)),
    ("AdaptiveAvgPool2d", lambda: nn.AdaptiveAvgPool2d(1)),
    ("Hardtanh", lambda: nn.Hardtanh()),
    ("ELU", lambda: nn.ELU()),
    ("ReLU6", lambda: nn.ReLU6()),
    ("Hardswish", lambda: nn.Hardswish()),
    ("Hardsigmoid", lambda: nn.Hardsigmoid()),
    ("Mish", lambda: nn.Mish()),
    ("Softplus", lambda: nn.Softplus()),
    ("Tanh", lambda: nn.Tanh()),
    ("Sigmoid", lambda: nn.Sigmoid()),
    ("Identity", lambda: nn.Identity()),
    ("Sequential", lambda: nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))),
    ("Sequential new types", lambda: nn.Sequential(nn.Conv2d(1, 2, 3), nn.BatchNorm2d(2), nn.Tanh())),
]
for label, make in layers:
    count(label, make)

x = torch.randn(2, 3)
sm = count("Sequential scripted", lambda: nn.Sequential(nn.Linear(3, 3), nn.LeakyReLU(0.1)))
print(tuple(sm(x).shape))
