import io

import yaml
# PyYAML as training scripts use it for configs: safe_load of a nested config (YAML 1.1 implicit
# types: yes/off booleans, ~ nulls, 1_000 and 0x ints, floats only with a dot so `3e-4` stays a str,
# dates), flow collections, quoted strings, block scalars, anchors with `<<` merges, indentless
# lists, several documents, load() needing its Loader, parse errors, then dump/safe_dump with
# PyYAML's defaults (sorted keys, block style, quoting of strings that would read back as other types).
CONFIG = """
# experiment
name: "simclr"   # quoted
seed: 42
pretrain: True
use_amp: off
lr: 3e-4
weight_decay: 1.0e-6
momentum: .9
steps: 1_000
mask: 0x0F
start: 2024-03-01
resume: ~
base: &opt
  type: Adam
  betas: [0.9, 0.999]
optimizer:
  <<: *opt
  lr: 0.001
layers:
- {in: 3, out: 64}
- in: 64
  out: 128
  act: relu
augment:
  - crop
  - flip
note: |
  two
  lines
summary: >-
  folded
  text
"quoted key": 'it''s'
"""
cfg = yaml.safe_load(CONFIG)
for key, value in cfg.items():
    print(f"{key!r}: {value!r} ({type(value).__name__})")
print(yaml.load(io.StringIO("a: [1, 2]\nb: {c: null}\n"), Loader=yaml.FullLoader))
print(yaml.full_load("- 1\n- - 2\n  - 3\n"), yaml.safe_load(""), yaml.safe_load("just text"))
print(list(yaml.safe_load_all("---\na: 1\n---\nb: 2\n")))
try:
    yaml.load("a: 1")
except TypeError as e:
    print("TypeError:", e)
for bad in ["a: b: c\n", "k: 1\n  bad: 2\n"]:
    try:
        yaml.safe_load(bad)
    except yaml.YAMLError as e:
        print(type(e).__name__, isinstance(e, yaml.scanner.ScannerError) if hasattr(yaml, "scanner") else "-")

out = {"model": {"name": "unet", "channels": [64, 128], "dropout": 0.1, "eps": 1e-05},
       "train": {"epochs": 10, "resume": None, "amp": False, "tag": "yes", "id": "007", "path": "runs/exp1",
                 "empty": "", "nested": [[1, 2], {"k": "v"}]}, "lr": 0.001}
text = yaml.dump(out)
print(text, end="")
print(yaml.safe_load(text) == out)
print(yaml.safe_dump({"b": 1, "a": [1, 2]}, sort_keys=False), end="")
print(yaml.dump({"a": [1, 2], "b": {"c": 1}}, default_flow_style=None), end="")
print(yaml.dump([{"x": 1}, 2.5, "s"]), end="")
print(repr(yaml.dump(3)), repr(yaml.dump("text")), repr(yaml.dump({"t": (1, 2)})))
stream = io.StringIO()
yaml.safe_dump({"saved": True}, stream)
print(repr(stream.getvalue()))
print(repr(yaml.safe_dump({"t": (1, 2)})), repr(yaml.safe_dump((1, 2))))


class Opt:
    pass


try:
    yaml.safe_dump({"opt": Opt()})
except yaml.representer.RepresenterError as e:
    print("RepresenterError", e.args[0])
