#!/usr/bin/env python3
"""Mutation sweep (issue 31, h11): bad inputs made from programs that work.

Takes the programs of a corpus folder (tests/realworld, tests/parity/programs/python, .../jit, ...),
applies one random mutation to each copy (delete, duplicate or swap lines; an int literal turned
extreme (0, -1, 2**63, 10**10, -2**31, 1 << 62) or off by one inside a torch/nn call (shape
mismatches mid-training); a float turned nan/inf/-1e308; a call's first argument replaced by a
wrong type; an operator or attribute swapped), runs each mutant through Kiln under an instruction
budget and a wall-clock limit, and prints every mutant that ends badly:
    crash      a signal                      internal   exit 70 / "internal error"
    sanitizer  an ASan/UBSan report           hang       past the wall-clock limit
    unlocated  an uncaught error without FILE:LINE:COL or a traceback
    mismatch   (programs without torch/numpy only) stdout, exit status or the exception class
               differ from CPython 3.12's run of the same mutant (addresses in reprs are noise)
Under a loaded machine "hang" is mostly slow programs: rerun those alone with a small budget.
Every finding gets a general fix and a hand-written case in tests/badinput (h11_*); the mutants
themselves are not kept (they are random and large).

    mutate_programs.py OUTDIR COUNT SEED [CORPUS_DIR]    (KILN, PYTHON312: the two interpreters)
"""
import io, os, random, re, subprocess, sys, tokenize, json
from concurrent.futures import ThreadPoolExecutor
HERE = os.path.dirname(os.path.abspath(__file__))
RW = sys.argv[4] if len(sys.argv) > 4 else os.path.join(HERE, "..", "..", "realworld")
KILN = os.environ.get("KILN", os.path.join(HERE, "..", "..", "..", "build", "native", "native", "cli", "kiln"))
PY = os.environ.get("PYTHON312", "python3.12")
if len(sys.argv) < 4:
    sys.exit(__doc__)
OUT = sys.argv[1]; N = int(sys.argv[2]); SEED = int(sys.argv[3])
os.makedirs(OUT, exist_ok=True)
INTS = ["0", "-1", "2**63", "10**10", "-2**31", "(1 << 62)", "999999937"]
FLOATS = ['float("nan")', 'float("inf")', "-1e308", "0.0", "-0.5"]
WRONG = ["None", "'abc'", "[]", "(1, 2)", "-1", "1.5", "object()", "{}"]

def toks(src):
    try:
        return list(tokenize.generate_tokens(io.StringIO(src).readline))
    except Exception:
        return []

def replace_tok(lines, t, new):
    (r, c), (r2, c2) = t.start, t.end
    if r != r2: return None
    l = lines[r - 1]
    lines = list(lines); lines[r - 1] = l[:c] + new + l[c2:]
    return lines

def mutate(src, rng):
    lines = src.split("\n")
    code = [i for i, l in enumerate(lines) if l.strip() and not l.strip().startswith("#")]
    ts = toks(src)
    op = rng.choice(["del", "dup", "swap", "int", "int", "float", "arg", "arg", "plus1", "plus1", "opswap", "attr"])
    if op == "del":
        i = rng.choice(code); lines = lines[:i] + lines[i + 1:]; what = f"delete line {i+1}"
    elif op == "dup":
        i = rng.choice(code); lines = lines[:i + 1] + [lines[i]] + lines[i + 1:]; what = f"duplicate line {i+1}"
    elif op == "swap":
        i = rng.choice(code[:-1]); j = code[code.index(i) + 1]
        lines[i], lines[j] = lines[j], lines[i]; what = f"swap lines {i+1},{j+1}"
    elif op in ("int", "plus1"):
        cand = [t for t in ts if t.type == tokenize.NUMBER and re.fullmatch(r"\d+", t.string)]
        if op == "plus1":
            cand = [t for t in cand if re.search(r"(nn\.|torch\.|F\.|view|reshape|randn|zeros|ones|Linear|Conv)", lines[t.start[0]-1])]
        if not cand: return None
        t = rng.choice(cand)
        new = str(int(t.string) + rng.choice([1, -1, 3])) if op == "plus1" else rng.choice(INTS)
        lines = replace_tok(lines, t, new); what = f"line {t.start[0]}: {t.string} -> {new}"
    elif op == "float":
        cand = [t for t in ts if t.type == tokenize.NUMBER and re.search(r"[.eE]", t.string)]
        if not cand: return None
        t = rng.choice(cand); new = rng.choice(FLOATS)
        lines = replace_tok(lines, t, new); what = f"line {t.start[0]}: {t.string} -> {new}"
    elif op == "arg":
        # the first argument of a call whose callee looks like torch/nn/F/method
        cand = [k for k in range(1, len(ts) - 1) if ts[k].string == "(" and ts[k - 1].type == tokenize.NAME
                and ts[k + 1].string not in (")", "[", "(", "{", "-", "*", "**", "self", "cls") and ts[k + 1].type != tokenize.OP and (k < 2 or ts[k - 2].string != "def") and ts[k+1].start[0] == ts[k].start[0]]
        if not cand: return None
        k = rng.choice(cand); t = ts[k + 1]; new = rng.choice(WRONG)
        lines = replace_tok(lines, t, new); what = f"line {t.start[0]}: arg {t.string} of {ts[k-1].string} -> {new}"
    elif op == "opswap":
        cand = [t for t in ts if t.type == tokenize.OP and t.string in ("+", "-", "*", "@", "/")]
        if not cand: return None
        t = rng.choice(cand); new = rng.choice(["@", "*", "//", "**", "%"])
        lines = replace_tok(lines, t, new); what = f"line {t.start[0]}: {t.string} -> {new}"
    elif op == "attr":
        cand = [k for k in range(1, len(ts) - 1) if ts[k].string == "." and ts[k + 1].type == tokenize.NAME]
        if not cand: return None
        k = rng.choice(cand); t = ts[k + 1]
        new = rng.choice(["T", "shape", "data", "grad", "__dict__", "__class__", "item", "size"])
        lines = replace_tok(lines, t, new); what = f"line {t.start[0]}: .{t.string} -> .{new}"
    if lines is None: return None
    return "\n".join(lines), f"{op}: {what}"

import resource
def lim():
    resource.setrlimit(resource.RLIMIT_AS, (6 << 30, 6 << 30))
def run(cmd, cwd, t=40):
    try:
        r = subprocess.run(cmd, cwd=cwd, capture_output=True, timeout=t, preexec_fn=lim)
        return r.returncode, r.stdout.decode("utf-8", "replace"), r.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return "timeout", "", ""

def addr(text):
    # object reprs carry addresses that differ between any two runs
    return re.sub(r"0x[0-9a-fA-F]+", "0x?", text)

def last(err):
    l = [x for x in err.splitlines() if x.strip()]
    return l[-1] if l else ""

def classify(path, pure):
    rc, out, err = run(["nice", KILN, "--max-instructions", "400000000", "--max-tensor-mb", "4096", os.path.basename(path)], os.path.dirname(path))
    res = {"rc": rc, "last": last(err)}
    if rc == "timeout": res["cls"] = "hang"
    elif isinstance(rc, int) and rc < 0: res["cls"] = "crash"
    elif rc == 70 or "internal error" in err: res["cls"] = "internal"
    elif "runtime error:" in err or "AddressSanitizer" in err: res["cls"] = "sanitizer"
    elif rc == 1 and 'File "' not in err and not re.match(r"\S+:\d+:\d+: ", res["last"]) and "Error" in res["last"]:
        res["cls"] = "unlocated"  # (sys.exit(obj) prints obj alone, as CPython does)
    else: res["cls"] = "ok"
    if pure and res["cls"] == "ok":
        prc, pout, perr = run([PY, os.path.basename(path)], os.path.dirname(path), 20)
        et = lambda l: (re.findall(r"([A-Za-z_.]*(?:Error|Exception|Warning|Exit|Interrupt|Iteration))\b", l) or [l])[0].split(".")[-1]
        pl = et(last(perr)); kl = et(res["last"])
        if prc == "timeout" or "KilnLimitError" in res["last"]: pass
        elif prc != rc or addr(pout) != addr(out) or (rc != 0 and pl != kl):
            res["cls"] = "mismatch"; res["py"] = {"rc": prc, "last": last(perr), "outdiff": pout != out}
    return res

progs = sorted(f for f in os.listdir(RW) if f.endswith(".py"))
known = open(os.path.join(RW, "KNOWN_FAILURES.txt")).read() if os.path.exists(os.path.join(RW, "KNOWN_FAILURES.txt")) else ""
progs = [p for p in progs if not re.search(r"^" + re.escape(p[:-3]) + ":", known, re.M)]
rng = random.Random(SEED)
jobs = []
while len(jobs) < N:
    p = rng.choice(progs)
    src = open(os.path.join(RW, p)).read()
    m = mutate(src, rng)
    if not m: continue
    text, what = m
    name = f"m{SEED}_{len(jobs):04d}_{p}"
    pure = not re.search(r"^\s*(import|from) (torch|numpy)", src, re.M)
    fp = os.path.join(OUT, name)
    open(fp, "w").write(text)
    jobs.append((fp, what, pure))
def go(j):
    fp, what, pure = j
    r = classify(fp, pure); r["file"] = fp; r["what"] = what
    if r["cls"] != "ok": print(json.dumps(r), flush=True)
    return r
with ThreadPoolExecutor(2) as ex:
    res = list(ex.map(go, jobs))
from collections import Counter
print("SUMMARY", Counter(r["cls"] for r in res))
json.dump(res, open(os.path.join(OUT, "results.json"), "w"))
