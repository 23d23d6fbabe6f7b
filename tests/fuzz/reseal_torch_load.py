#!/usr/bin/env python3
"""torch.load mutation sweep over resealed checkpoints (issue 31), run with CPython 3.12 and a Kiln CLI.

Kiln saves a small checkpoint (tensors of several dtypes, a view, a transpose, a 0-dim and an empty
tensor, ints past 64 bits, bytes, nested containers); this script then mutates it and writes every
mutant back as a valid zip (zipfile recomputes each CRC-32), so the zip layer accepts it and the
checks under it are what is tested: every int of data.pkl replaced by edge values (sizes, strides,
offsets, numels), strings and GLOBALs swapped (storage types, keys, locations, rebuild functions),
each opcode deleted or doubled, memo indices moved, random byte flips, truncations and insertions,
and the records themselves (storages emptied, shortened, lengthened or dropped; byteorder and
version changed or dropped; the archive directory renamed). Kiln loads each mutant with
weights_only=True and False and touches every tensor it returns. A crash (a signal, or an internal
error), a run past the time limit or a process growing past --max-rss-mb is a bug; a Python
exception is the expected ending. Batches of 100 files run in one process; a batch that ends badly
is rerun file by file to name the culprit.

    python3 tests/fuzz/reseal_torch_load.py KILN [--work DIR] [--max-rss-mb 1024]
"""
import argparse
import os
import pickletools
import random
import resource
import shutil
import struct
import subprocess
import sys
import zipfile

BASE_PROGRAM = r'''
import collections, torch
t = torch.arange(6, dtype=torch.float32).reshape(2, 3)
sd = collections.OrderedDict(w=t, view=t[1], tr=t.t(), i64=torch.tensor([1, -2, 3]),
                             h=torch.tensor([0.5, 1.5], dtype=torch.float16), b=torch.tensor([True, False]),
                             s=torch.tensor(2.5), e=torch.empty(0, 4))
torch.save({"state_dict": sd, "epoch": 3, "lr": 0.1, "name": "net", "hist": [1, 2.5, None], "pair": (1, "a"),
            "big": 2 ** 70, "bytes": b"xy", "nested": {"k": [torch.ones(2, dtype=torch.int32)]}}, "base.pt")
'''

LOADER = r'''
import sys, torch
def touch(v, depth=0):
    if depth > 50:
        return
    if isinstance(v, torch.Tensor):
        (v.any() if v.dtype == torch.bool else v.float().sum()), v.clone(), str(v)
    elif isinstance(v, dict):
        for x in list(v.values()):
            touch(x, depth + 1)
    elif isinstance(v, (list, tuple)):
        for x in v:
            touch(x, depth + 1)
for path in open(sys.argv[1]).read().split():
    for wo in (True, False):
        try:
            touch(torch.load(path, weights_only=wo))
            res = "ok"
        except Exception as e:
            res = type(e).__name__ + ": " + (str(e).splitlines() or [""])[0][:150]
        print(path, wo, res, flush=True)
'''

INTS = [0, 1, -1, 2, 255, 2**31 - 1, -2**31, 2**32, 2**40, 2**62, 2**63 - 1, -2**63, 2**64, -7]
STRS = ["", "99", "../x", "a" * 300, "stor", "HalfStorage", "LongStorage", "BoolStorage", "QInt8Storage", "Nope",
        "cuda:7", "meta", "xla", "_rebuild_parameter", "_rebuild_qtensor", "system", "os", "builtins", "\udcff"]
GLOBALS = ["torch._utils\n_rebuild_tensor\n", "torch._utils\n_rebuild_parameter\n", "torch\nFloatStorage\n",
           "collections\nCounter\n", "builtins\nset\n", "torch\nSize\n", "torch._utils\n_rebuild_qtensor\n",
           "torch\nBFloat16Storage\n", "torch._tensor\n_rebuild_from_type_v2\n", "torch\ndevice\n",
           "torch.serialization\n_get_layout\n", "torch._utils\n_rebuild_sparse_tensor\n"]


def enc_int(v):
    if 0 <= v < 256:
        return b"K" + bytes([v])
    if 0 <= v < 65536:
        return b"M" + struct.pack("<H", v)
    if -2**31 <= v < 2**31:
        return b"J" + struct.pack("<i", v)
    b = v.to_bytes((v.bit_length() >> 3) + 1, "little", signed=True)
    return b"\x8a" + bytes([len(b)]) + b


def enc_str(s):
    b = s.encode("utf-8", "surrogatepass")
    return (b"\x8c" + bytes([len(b)]) + b) if len(b) < 256 else (b"X" + struct.pack("<I", len(b)) + b)


def mutants(records):
    """Yields (tag, {name: bytes}) for every mutant of the archive `records` (name -> bytes)."""
    prefix = next(iter(records)).split("/")[0]
    key = prefix + "/data.pkl"
    pkl = records[key]
    rng = random.Random(13)

    def with_pkl(data):
        r = dict(records)
        r[key] = data
        return r

    ops = list(pickletools.genops(pkl))
    for i, (op, arg, pos) in enumerate(ops):
        end = ops[i + 1][2] if i + 1 < len(ops) else len(pkl)
        if op.name in ("BININT", "BININT1", "BININT2", "LONG1"):
            for v in INTS:
                yield f"int{i}_{v}", with_pkl(pkl[:pos] + enc_int(v) + pkl[end:])
        if op.name in ("BINUNICODE", "SHORT_BINUNICODE"):
            for s in rng.sample(STRS, 6):
                yield f"str{i}", with_pkl(pkl[:pos] + enc_str(s) + pkl[end:])
        if op.name == "GLOBAL":
            for g in GLOBALS:
                yield f"glob{i}", with_pkl(pkl[:pos] + b"c" + g.encode() + pkl[end:])
        if op.name not in ("PROTO", "STOP"):
            yield f"del{i}", with_pkl(pkl[:pos] + pkl[end:])
            yield f"dup{i}", with_pkl(pkl[:end] + pkl[pos:end] + pkl[end:])
        if op.name in ("BINPUT", "BINGET"):
            for v in (0, 255):
                yield f"memo{i}_{v}", with_pkl(pkl[:pos + 1] + bytes([v]) + pkl[pos + 2:])
    for k in range(400):
        b = bytearray(pkl)
        for _ in range(rng.choice((1, 1, 2, 4))):
            j = rng.randrange(len(b))
            b[j] = rng.choice((0, 0xff, 0x7f, 0x80, rng.randrange(256), b[j] ^ (1 << rng.randrange(8))))
        yield f"flip{k}", with_pkl(bytes(b))
    for j in range(0, len(pkl), max(1, len(pkl) // 150)):
        yield f"trunc{j}", with_pkl(pkl[:j])
    for k in range(100):
        j = rng.randrange(len(pkl))
        yield f"ins{k}", with_pkl(pkl[:j] + bytes(rng.randrange(256) for _ in range(rng.randint(1, 6))) + pkl[j:])
    for n in records:
        if "/data/" in n:
            for tag, data in (("empty", b""), ("three", records[n][:3]), ("short", records[n][:-1]),
                              ("long", records[n] + b"\0" * 1000), ("missing", None)):
                r = dict(records)
                if data is None:
                    del r[n]
                else:
                    r[n] = data
                yield f"rec_{tag}_{n.split('/')[-1]}", r
    for name, values in (("/byteorder", (b"big", b"xx", b"", None)),
                         ("/version", (b"0\n", b"99\n", b"abc", b"", None, b"-1\n", b"99999999999999999999\n"))):
        for v in values:
            r = {n: (v if n.endswith(name) else d) for n, d in records.items() if not (v is None and n.endswith(name))}
            yield name.strip("/"), r
    yield "prefix", {"other/" + n.split("/", 1)[1]: d for n, d in records.items()}
    yield "prefix2", {"a/b/" + n.split("/", 1)[1]: d for n, d in records.items()}
    yield "noprefix", {n.split("/", 1)[1]: d for n, d in records.items()}


def run(kiln, work, files, timeout):
    with open(os.path.join(work, "list.txt"), "w") as f:
        f.write("\n".join(files))
    p = subprocess.Popen([kiln, "loader.py", "list.txt"], cwd=work, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        p.kill()
        out, err = p.communicate()
        return "hang", out.decode(errors="replace"), err.decode(errors="replace")
    return p.returncode, out.decode(errors="replace"), err.decode(errors="replace")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("kiln")
    ap.add_argument("--work", default="/tmp/kiln_reseal_sweep")
    ap.add_argument("--max-rss-mb", type=int, default=1024)
    a = ap.parse_args()
    kiln = os.path.abspath(a.kiln)
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(os.path.join(a.work, "cases"))
    with open(os.path.join(a.work, "base_program.py"), "w") as f:
        f.write(BASE_PROGRAM)
    with open(os.path.join(a.work, "loader.py"), "w") as f:
        f.write(LOADER)
    subprocess.run([kiln, "base_program.py"], cwd=a.work, check=True)
    with zipfile.ZipFile(os.path.join(a.work, "base.pt")) as z:
        records = {n: z.read(n) for n in z.namelist()}
    files = []
    for k, (tag, recs) in enumerate(mutants(records)):
        path = os.path.join("cases", f"{k:05d}_{tag}.pt")
        with zipfile.ZipFile(os.path.join(a.work, path), "w", zipfile.ZIP_STORED) as z:
            for n, d in recs.items():
                z.writestr(n, d)
        files.append(path)
    bad = []
    for i in range(0, len(files), 100):
        batch = files[i:i + 100]
        rc, out, err = run(kiln, a.work, batch, 300)
        rss_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
        if rc != 0 or out.count("\n") != 2 * len(batch) or "internal error" in err or rss_mb > a.max_rss_mb:
            for f in batch:
                rc1, out1, err1 = run(kiln, a.work, [f], 30)
                if rc1 != 0 or out1.count("\n") != 2 or "internal error" in err1:
                    bad.append(f)
                    print("BAD", f, rc1, err1[-400:], flush=True)
    print(f"{len(files)} mutants, {len(bad)} bad, largest process {resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024} MiB")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
