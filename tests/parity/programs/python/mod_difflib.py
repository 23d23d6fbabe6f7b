# difflib: SequenceMatcher (ratios, matching blocks, opcodes, grouped opcodes, junk and autojunk),
# get_close_matches and unified/context diffs, against CPython 3.12.
import difflib

s = difflib.SequenceMatcher(None, "abxcd", "abcd")
print(s.ratio(), s.quick_ratio(), s.real_quick_ratio())
print(s.get_matching_blocks())
print(s.get_opcodes())
s = difflib.SequenceMatcher(lambda x: x == " ", "private Thread currentThread;", "private volatile Thread currentThread;")
print(round(s.ratio(), 3), s.get_matching_blocks())
for tag, i1, i2, j1, j2 in s.get_opcodes():
    print("{:7} a[{}:{}] --> b[{}:{}] {!r:>8} --> {!r}".format(tag, i1, i2, j1, j2, s.a[i1:i2], s.b[j1:j2]))
print(s.find_longest_match(0, 29, 0, 38))
s = difflib.SequenceMatcher(None, " abcd", "abcd abcd")
print(s.find_longest_match())
s = difflib.SequenceMatcher(lambda x: x == " ", " abcd", "abcd abcd")
print(s.find_longest_match(0, 5, 0, 9))

# autojunk: in a b of 200+ items, items filling more than 1% + 1 are ignored as match starts
a = "x" * 10 + "abc" * 100
b = "abc" * 100 + "y" * 10
print(round(difflib.SequenceMatcher(None, a, b).ratio(), 4), round(difflib.SequenceMatcher(None, a, b, autojunk=False).ratio(), 4))
sm = difflib.SequenceMatcher(None, a, b)
print(sorted(sm.bpopular), sorted(sm.bjunk))

words = ["ape", "apple", "peach", "puppy", "applesauce", "appel", "snapple"]
print(difflib.get_close_matches("appel", words))
print(difflib.get_close_matches("appel", words, n=2, cutoff=0.8))
print(difflib.get_close_matches("wheel", ["while", "wheat", "heel", "steel", "wheels"], n=5, cutoff=0.0))
print(difflib.get_close_matches("lr", ["lr_scheduler", "learning_rate", "lr", "l2"]))
for bad in [(0, 0.6), (3, 1.5)]:
    try:
        difflib.get_close_matches("x", ["x"], *bad)
    except ValueError as e:
        print("ValueError:", e)

before = """def train(model, data):
    model.train()
    for x, y in data:
        loss = model(x, y)
        loss.backward()
    return loss
""".splitlines(keepends=True)
after = """def train(model, data, opt):
    model.train()
    for x, y in data:
        opt.zero_grad()
        loss = model(x, y)
        loss.backward()
        opt.step()
    return loss.item()
""".splitlines(keepends=True)
print("".join(difflib.unified_diff(before, after, fromfile="old.py", tofile="new.py")), end="")
print("".join(difflib.unified_diff(before, after, n=0)), end="")
print("\n".join(difflib.unified_diff(["a", "b", "c"], ["a", "c", "d"], "x", "y", "2024-01-01", "2024-01-02", lineterm="")))
print("".join(difflib.context_diff(before, after, fromfile="old.py", tofile="new.py")), end="")
print(list(difflib.unified_diff(["same\n"], ["same\n"])))
long_a = [f"line {i}\n" for i in range(30)]
long_b = list(long_a)
long_b[3] = "changed 3\n"
long_b[25] = "changed 25\n"
del long_b[12]
print("".join(difflib.unified_diff(long_a, long_b)), end="")
print(list(difflib.SequenceMatcher(None, long_a, long_b).get_grouped_opcodes(2)))
try:
    list(difflib.unified_diff([1], [2]))
except TypeError as e:
    print("TypeError:", e)
print(difflib.SequenceMatcher(None, [1, 2, 3, 4], [2, 3, 5]).get_opcodes())
print(difflib.SequenceMatcher(None, "", "").ratio(), difflib.SequenceMatcher(None, "", "").get_opcodes())
