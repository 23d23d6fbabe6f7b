# What Dynamo's graph holds for nn.MultiheadAttention off its fast path (training, or gradients
# wanted): PyTorch 2.11 inlines MultiheadAttention.forward, whose batch-first transposes are
# call_method nodes around one in-graph torch.nn.functional.multi_head_attention_forward call (the
# function is in trace_rules' in-graph list, not inlined), then one getitem per tensor output.
# Self-attention and cross-attention, batch_first True/False, need_weights True/False, train/eval;
# explain()'s op names, the call_method targets, results and gradients against eager.
import torch
import torch.nn as nn
import torch._dynamo as dynamo

torch.manual_seed(0)


def names(ops):
    return [getattr(op, "__name__", str(op)) for op in ops]


for batch_first in [True, False]:
    for need in [True, False]:
        for train in [True, False]:
            m = nn.MultiheadAttention(8, 2, batch_first=batch_first).train(train)
            x = torch.randn(2, 3, 8)
            y = torch.randn(2, 4, 8) if batch_first else torch.randn(4, 3, 8)

            def self_attn(x):
                out, w = m(x, x, x, need_weights=need)
                return out, w

            def cross(x, y):
                return m(x, y, y, need_weights=need)

            for fn, args in [(self_attn, (x,)), (cross, (x, y))]:
                dynamo.reset()
                ex = dynamo.explain(fn)(*args)
                methods = [n.target for gm in ex.graphs for n in gm.graph.nodes if n.op == "call_method"]
                print(batch_first, need, train, fn.__name__, ex.graph_count, ex.op_count, names(ex.ops_per_graph[0]),
                      methods)
                dynamo.reset()
                out, w = torch.compile(fn, backend="aot_eager")(*args)
                ref, rw = fn(*args)
                same_w = (w is None and rw is None) or torch.allclose(w, rw, atol=1e-5)
                out.sum().backward()
                g = m.in_proj_weight.grad.clone()
                m.zero_grad()
                ref.sum().backward()
                print("   ", tuple(out.shape), torch.allclose(out, ref, atol=1e-5), same_w,
                      torch.allclose(g, m.in_proj_weight.grad, atol=1e-5))
                m.zero_grad()
