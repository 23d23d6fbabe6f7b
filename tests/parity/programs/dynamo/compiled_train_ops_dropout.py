import torch
import torch.nn as nn
import torch.nn.functional as F
# Compiled training through the dropout variants: dropout, alpha_dropout, feature_alpha_dropout,
# dropout1d, dropout2d, dropout3d. Compiled masks need not equal eager's (PyTorch's Inductor draws
# its own), so each case checks what holds for any mask: the step runs as one AOT-autograd graph
# (grad_fn CompiledFunctionBackward), and the input's gradient takes only the values a mask allows
# (0 and the kept elements' scale), here with a 64-channel input so both appear.

def check(name, f, shape):
    def step(inp):
        return f(inp).sum()
    for backend in ["aot_eager", "inductor"]:
        try:
            torch._dynamo.reset()
            torch.manual_seed(0)
            inp = torch.linspace(-1.0, 1.0, 64 * 4).reshape(shape).requires_grad_()
            loss = torch.compile(step, backend=backend)(inp)
            loss.backward()
            values = sorted(set(round(v, 4) for v in inp.grad.flatten().tolist()))
            print(name, backend, type(loss.grad_fn).__name__, values)
        except Exception as e:
            print(name, backend, "raised", type(e).__name__, str(e).split("\n")[0])
    ex = torch._dynamo.explain(step)(torch.ones(shape, requires_grad=True))
    print("  graphs", ex.graph_count, "breaks", ex.graph_break_count)

check("dropout", lambda t: F.dropout(t, 0.3), (64, 4))
check("dropout_eval", lambda t: F.dropout(t, 0.3, training=False) * 2.0, (64, 4))
check("alpha_dropout", lambda t: F.alpha_dropout(t, 0.3, training=True), (64, 4))
check("feature_alpha_dropout", lambda t: F.feature_alpha_dropout(t, 0.5, training=True), (2, 32, 4))
check("dropout1d", lambda t: F.dropout1d(t, 0.5), (2, 32, 4))
check("dropout2d", lambda t: F.dropout2d(t, 0.5), (2, 32, 2, 2))
check("dropout3d", lambda t: F.dropout3d(t, 0.5), (2, 32, 1, 2, 2))
