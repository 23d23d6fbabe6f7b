# torch.profiler / torch.autograd.profiler as training scripts use them: a profile around a few
# steps with record_function ranges, key_averages().table(...), a wait/warmup/active schedule with
# on_trace_ready and step(), export_chrome_trace. Timings vary, so only the recorded range names,
# their counts, the schedule's actions and the table's footer line are printed.
import json
import os
import tempfile

import torch
from torch.profiler import ProfilerActivity, profile, record_function, schedule

model = torch.nn.Sequential(torch.nn.Linear(8, 8), torch.nn.ReLU())
x = torch.randn(4, 8)
mine = {"model_inference", "layer", "decorated", "work", "legacy"}


@record_function("decorated")
def run(t):
    return model(t)


with profile(activities=[ProfilerActivity.CPU], record_shapes=True) as prof:
    with record_function("model_inference"):
        for _ in range(3):
            with record_function("layer"):
                model(x)
    run(x)
avg = prof.key_averages()
print(sorted((e.key, e.count) for e in avg if e.key in mine))
table = avg.table(sort_by="cpu_time_total", row_limit=5)
print(type(table).__name__, table.strip().splitlines()[-1].split(":")[0])

s = schedule(wait=1, warmup=1, active=2, repeat=1)
print([s(i).name for i in range(6)])
saved = []


def on_ready(p):
    saved.append(sorted(e.name for e in p.events() if e.name.startswith("ProfilerStep")))


with profile(schedule=schedule(wait=1, warmup=1, active=2), on_trace_ready=on_ready) as p:
    for step in range(9):
        with record_function("work"):
            model(x)
        p.step()
print(saved)

with torch.autograd.profiler.profile() as legacy:
    with torch.autograd.profiler.record_function("legacy"):
        model(x)
print(sorted((e.key, e.count) for e in legacy.key_averages() if e.key in mine))
print(torch.profiler.record_function is torch.autograd.profiler.record_function)

path = os.path.join(tempfile.mkdtemp(), "trace.json")
prof.export_chrome_trace(path)
with open(path) as f:
    names = {e.get("name") for e in json.load(f)["traceEvents"]}
print(sorted(n for n in names if n in mine))
