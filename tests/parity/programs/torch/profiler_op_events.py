# torch.profiler's operator-level events as training scripts and the profiler recipe read them: the
# aten:: operators a forward, a loss and a backward reach, their nesting under record_function
# ranges, counts in key_averages(), input shapes with record_shapes=True (grouped by shape), the
# table's header and row count, ProfilerStep ranges of a schedule, and the operators a Chrome trace
# holds. Times differ from run to run, so only names, counts, shapes and nesting are printed.
import json
import os
import re
import tempfile

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.profiler import ProfilerActivity, profile, record_function, schedule

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 3))
x = torch.randn(4, 6)
target = torch.tensor([0, 2, 1, 0])

with profile(activities=[ProfilerActivity.CPU], record_shapes=True) as prof:
    with record_function("forward"):
        logits = model(x)
        loss = F.cross_entropy(logits, target)
    with record_function("backward"):
        loss.backward()


def walk(ev, depth):
    print("  " * depth + ev.name, ev.input_shapes)
    for c in ev.cpu_children:
        walk(c, depth + 1)


forward = [e for e in prof.events() if e.name == "forward"][0]
walk(forward, 0)
backward = [e for e in prof.events() if e.name == "backward"][0]
print(sorted({c.name for c in backward.cpu_children}))

counts = sorted((e.key, e.count) for e in prof.key_averages() if e.key.startswith("aten::"))
print(counts)
by_shape = prof.key_averages(group_by_input_shape=True)
print(sorted((e.key, str(e.input_shapes)) for e in by_shape if e.key in ("aten::linear", "aten::relu")))
table = prof.key_averages().table(sort_by="self_cpu_time_total", row_limit=4)
lines = table.splitlines()
print(re.split(r"\s{2,}", lines[1].strip()))
print(len(lines), lines[-1].split(":")[0])
shaped = prof.key_averages(group_by_input_shape=True).table(row_limit=3).splitlines()
print(shaped[1].rstrip().endswith("Input Shapes"))

# a scheduled profile: the ProfilerStep#N ranges of the active steps, ops counted per cycle
cycles = []


def on_ready(p):
    steps = sorted(e.name for e in p.events() if e.name.startswith("ProfilerStep"))
    adds = sum(e.count for e in p.key_averages() if e.key == "aten::add")
    cycles.append((steps, adds))


with profile(schedule=schedule(wait=1, warmup=1, active=2, repeat=2), on_trace_ready=on_ready) as p:
    for step in range(10):
        torch.ones(3) + step
        p.step()
print(cycles)

# the legacy profiler: the same operator events
with torch.autograd.profiler.profile() as legacy:
    y = torch.relu(torch.zeros(2, 2)).mean()
print([e.name for e in legacy.function_events])

# Chrome trace: valid JSON, the operators as cpu_op events, the ranges as user_annotation
path = os.path.join(tempfile.mkdtemp(), "trace.json")
prof.export_chrome_trace(path)
with open(path) as f:
    doc = json.load(f)
cats = {}
for e in doc["traceEvents"]:
    if e.get("ph") == "X" and e.get("cat") in ("cpu_op", "user_annotation"):
        cats.setdefault(e["cat"], set()).add(e["name"])
print(sorted(cats.get("user_annotation", ())))
print(sorted(n for n in cats.get("cpu_op", ()) if n in ("aten::linear", "aten::relu", "aten::cross_entropy_loss")))
