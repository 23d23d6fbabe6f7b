# json.dump / json.load through files in the program's directory: a config and a results log.
import json
import os

config = {"model": "mlp", "hidden": [64, 32], "lr": 0.001, "epochs": 3, "seed": None, "notes": "caf\u00e9"}
path = "tmp_file_json_roundtrip.json"
with open(path, "w") as f:
    json.dump(config, f, indent=2, sort_keys=True)
with open(path) as f:
    text = f.read()
print(text)
with open(path) as f:
    loaded = json.load(f)
print(loaded == config, loaded["hidden"], loaded["notes"] == "caf\u00e9")
log = "tmp_file_json_roundtrip.jsonl"
with open(log, "w") as f:
    for epoch in range(3):
        f.write(json.dumps({"epoch": epoch, "loss": 1.0 / (epoch + 1)}) + "\n")
with open(log) as f:
    rows = [json.loads(line) for line in f]
print(rows)
print([r["loss"] for r in rows])
with open(path, "w") as f:
    f.write('{"broken": [1, 2,}')
try:
    with open(path) as f:
        json.load(f)
except json.JSONDecodeError as e:
    print("JSONDecodeError", e)
os.remove(path)
os.remove(log)
print(os.path.exists(path), os.path.exists(log))
