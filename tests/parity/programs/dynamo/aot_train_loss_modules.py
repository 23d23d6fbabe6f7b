import torch
import torch.nn as nn
# Loss layers called inside a compiled training step stay in the graph (one graph, no break), and
# the compiled gradients follow eager's: CrossEntropyLoss, NLLLoss, MSELoss, L1Loss, SmoothL1Loss,
# HuberLoss, BCELoss, BCEWithLogitsLoss.

def make():
    m = nn.Linear(5, 3)
    with torch.no_grad():
        m.weight.copy_(torch.linspace(-0.8, 0.8, 15).reshape(3, 5))
        m.bias.copy_(torch.tensor([0.1, -0.2, 0.05]))
    return m

x = torch.linspace(-1.0, 1.0, 30).reshape(6, 5)
classes = torch.tensor([0, 1, 2, 0, 1, 2])
soft = torch.linspace(0.05, 0.95, 18).reshape(6, 3)
cases = [
    ("CrossEntropyLoss", nn.CrossEntropyLoss(weight=torch.tensor([1.0, 2.0, 0.5]), label_smoothing=0.1), classes, None),
    ("NLLLoss", nn.NLLLoss(ignore_index=1), classes, "log_softmax"),
    ("MSELoss", nn.MSELoss(reduction="sum"), soft, None),
    ("L1Loss", nn.L1Loss(), soft, None),
    ("SmoothL1Loss", nn.SmoothL1Loss(beta=0.5), soft, None),
    ("HuberLoss", nn.HuberLoss(delta=0.3), soft, None),
    ("BCELoss", nn.BCELoss(), soft, "sigmoid"),
    ("BCEWithLogitsLoss", nn.BCEWithLogitsLoss(), soft, None),
]

for name, criterion, target, pre in cases:
    def step(m, inp):
        y = m(inp)
        if pre == "log_softmax":
            y = torch.log_softmax(y, dim=1)
        elif pre == "sigmoid":
            y = torch.sigmoid(y)
        return criterion(y, target)

    ref = make()
    le = step(ref, x)
    le.backward()
    for backend in ["aot_eager", "inductor"]:
        torch._dynamo.reset()
        m = make()
        lc = torch.compile(step, backend=backend)(m, x)
        lc.backward()
        same = torch.allclose(le, lc, rtol=1e-5, atol=1e-6)
        grads = all(torch.allclose(p.grad, q.grad, rtol=1e-4, atol=1e-6) for p, q in zip(m.parameters(), ref.parameters()))
        print(name, backend, f"{lc.item():.4f}", type(lc.grad_fn).__name__, same, grads)
    ex = torch._dynamo.explain(step)(make(), x)
    print(" ", "graphs", ex.graph_count, "breaks", ex.graph_break_count)
