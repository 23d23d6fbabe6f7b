import torch
import torch.nn as nn
import torch.nn.functional as F
import torch._dynamo
# Hugging Face-style forward: keyword arguments with None defaults, an attention mask, optional
# labels and hidden states, return_dict choosing a dict or a tuple.


class Layer(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.ln = nn.LayerNorm(d)
        self.ff = nn.Linear(d, d)

    def forward(self, h, mask=None):
        y = self.ff(self.ln(h))
        if mask is not None:
            y = y * mask
        return h + torch.tanh(y)


class TinyLM(nn.Module):
    def __init__(self, vocab=11, d=6, n=2):
        super().__init__()
        self.embed = nn.Embedding(vocab, d)
        self.layers = nn.ModuleList([Layer(d) for _ in range(n)])
        self.head = nn.Linear(d, vocab, bias=False)
        self.config = type("Cfg", (), {"use_return_dict": True, "pad_token_id": 0})()

    def forward(self, input_ids, attention_mask=None, labels=None, output_hidden_states=None, return_dict=None):
        return_dict = return_dict if return_dict is not None else self.config.use_return_dict
        h = self.embed(input_ids)
        mask = None
        if attention_mask is not None:
            mask = attention_mask[:, :, None].to(h.dtype)
        all_hidden = () if output_hidden_states else None
        for layer in self.layers:
            if output_hidden_states:
                all_hidden = all_hidden + (h,)
            h = layer(h, mask=mask)
        logits = self.head(h)
        loss = None
        if labels is not None:
            shift_logits = logits[:, :-1, :].contiguous()
            shift_labels = labels[:, 1:].contiguous()
            loss = F.cross_entropy(shift_logits.view(-1, shift_logits.size(-1)), shift_labels.view(-1))
        if not return_dict:
            output = (logits,) + ((all_hidden,) if all_hidden is not None else ())
            return ((loss,) + output) if loss is not None else output
        return {"loss": loss, "logits": logits, "hidden_states": all_hidden}


def init(m):
    with torch.no_grad():
        for i, p in enumerate(m.parameters()):
            p.copy_(torch.linspace(-0.5, 0.5, p.numel()).reshape(p.shape) * (1 + 0.1 * i))


def fmt(o):
    if isinstance(o, dict):
        return {k: fmt(v) for k, v in o.items()}
    if isinstance(o, tuple):
        return tuple(fmt(v) for v in o)
    if isinstance(o, torch.Tensor):
        return (tuple(o.shape), round(o.sum().item(), 3))
    return o


calls = []


def backend(gm, example_inputs):
    calls.append(len(example_inputs))
    return gm.forward


m = TinyLM()
init(m)
ids = torch.tensor([[1, 2, 3, 4], [5, 6, 7, 0]])
am = torch.tensor([[1, 1, 1, 1], [1, 1, 1, 0]])
cm = torch.compile(m, backend=backend)
for kw in ({}, {"attention_mask": am}, {"attention_mask": am, "labels": ids},
           {"attention_mask": am, "labels": ids, "return_dict": False},
           {"output_hidden_states": True}, {"attention_mask": am}):
    ref = m(ids, **kw)
    out = cm(ids, **kw)
    print(sorted(kw), "compiles", len(calls), fmt(out) == fmt(ref), fmt(out))
e = torch._dynamo.explain(m)(ids, attention_mask=am, labels=ids)
print("explain graphs", e.graph_count, "breaks", e.graph_break_count, "ops", e.op_count)
print([getattr(t, "__name__", str(t)) for t in e.ops_per_graph[0]])
print("placeholders", [n.name for n in e.graphs[0].graph.nodes if n.op == "placeholder"])
