# Real-program corpus (tests/realworld, see README.md): character-level dataset preparation and a
# configurator, the workflow of karpathy/nanoGPT (data/shakespeare_char/prepare.py and
# configurator.py @ 3adf61e154c3fe3fca428ad6bc3818b27a3b8291). Written for Kiln, not copied.
# Pure Python: set of characters, dict comprehensions, encode/decode closures, `{n:,}` formats,
# io.StringIO instead of a file, ast.literal_eval-style overrides done with literal parsing of
# `--key=value` arguments, globals() lookups, pickle-free meta dict, random batches.
import io
import random
from ast import literal_eval

TEXT = """First Citizen:
Before we proceed any further, hear me speak.

All:
Speak, speak.

First Citizen:
You are all resolved rather to die than to famish?
"""

# training configuration, overridable from the command line as --key=value
batch_size = 4
block_size = 8
dataset = "shakespeare_char"
learning_rate = 1e-3
compile = False


def configure(argv):
    for arg in argv:
        assert arg.startswith("--"), f"unexpected argument {arg!r}"
        key, val = arg[2:].split("=")
        if key not in globals():
            raise ValueError(f"Unknown config key: {key}")
        try:
            attempt = literal_eval(val)
        except (SyntaxError, ValueError):
            attempt = val
        assert type(attempt) == type(globals()[key]), f"type mismatch for {key}"
        print(f"Overriding: {key} = {attempt}")
        globals()[key] = attempt


configure(["--batch_size=3", "--learning_rate=3e-4", "--dataset=tiny", "--compile=True"])
config = {k: v for k, v in globals().items() if not k.startswith("_") and isinstance(v, (int, float, bool, str))}
print(sorted(config.items()))

data = io.StringIO(TEXT).read()
print(f"length of dataset in characters: {len(data):,}")
chars = sorted(list(set(data)))
vocab_size = len(chars)
print("all the unique characters:", repr("".join(chars)))
print(f"vocab size: {vocab_size:,}")

stoi = {ch: i for i, ch in enumerate(chars)}
itos = {i: ch for i, ch in enumerate(chars)}
encode = lambda s: [stoi[c] for c in s]
decode = lambda l: "".join([itos[i] for i in l])
print(encode("Speak"), decode(encode("hear me")))

n = len(data)
train_ids = encode(data[: int(n * 0.9)])
val_ids = encode(data[int(n * 0.9):])
print(f"train has {len(train_ids):,} tokens")
print(f"val has {len(val_ids):,} tokens")
meta = {"vocab_size": vocab_size, "itos": itos, "stoi": stoi}
print(len(meta["itos"]), meta["stoi"]["\n"], max(meta["itos"]))


def get_batch(ids):
    ix = [random.randint(0, len(ids) - block_size - 1) for _ in range(batch_size)]
    x = [ids[i:i + block_size] for i in ix]
    y = [ids[i + 1:i + 1 + block_size] for i in ix]
    return x, y


random.seed(1337)
for step in range(3):
    x, y = get_batch(train_ids)
    print(step, [decode(row) for row in x])
    assert all(a[1:] == b[:-1] for a, b in zip(x, y))

counts = {}
for ch in data:
    counts[ch] = counts.get(ch, 0) + 1
top = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
print(" ".join(f"{ch!r}:{c}" for ch, c in top))
