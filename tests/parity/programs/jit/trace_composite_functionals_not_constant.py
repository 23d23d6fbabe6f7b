# torch.jit.trace of F.softsign and F.cosine_similarity: the trace must record the computation, not
# freeze the example's result as a constant (Kiln did, for both); a traced function run on new
# inputs gives the eager result. F.softsign is Python in PyTorch (input / (input.abs() + 1)): its
# trace is abs, add, div; cosine_similarity is one aten op.
import warnings

import torch
import torch.nn.functional as F

warnings.simplefilter("ignore")
torch.manual_seed(0)
x = torch.randn(2, 3, 4, 4)
y = torch.randn(2, 3, 4, 4)
for name, f in [("softsign", lambda x: F.softsign(x)), ("softsign_sum", lambda x: F.softsign(x * 2).sum(1)),
                ("cosine_similarity", lambda x: F.cosine_similarity(x, x + 1)),
                ("cosine_similarity_dim", lambda x: F.cosine_similarity(x, x.flip(0), dim=-1, eps=1e-6))]:
    t = torch.jit.trace(f, (x,))
    print(name, torch.allclose(t(y), f(y), atol=1e-6), tuple(t(y).shape))
for f in (lambda x: F.softsign(x), lambda x: F.cosine_similarity(x, x + 1)):
    print([n.kind() for n in torch.jit.trace(f, (x,)).graph.nodes() if n.kind().startswith("aten")])
