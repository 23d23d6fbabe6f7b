# shlex: split (POSIX and not, comments, quotes, escapes), quote, join and the shlex class's token
# stream with punctuation_chars, against CPython 3.12.
import shlex

cases = [
    'python train.py --lr 0.1 --name "my run"',
    "a 'b c' d\\ e \"f \\\"g\\\" h\" 'i\\j'",
    'x=1 y="two words"  # trailing comment',
    '  leading   and   trailing  ',
    '',
    'mixed"quote"s and\'single\'',
    'back\\\\slash "in \\$dq" \'in \\sq\'',
    'é ß ünïcode',
]
for c in cases:
    print(repr(c))
    print("  posix      ", shlex.split(c))
    print("  comments   ", shlex.split(c, comments=True))
    print("  non-posix  ", shlex.split(c, posix=False))

for bad in ['"unterminated', "it's", 'ends with \\']:
    try:
        shlex.split(bad)
    except ValueError as e:
        print(repr(bad), "ValueError:", e)
try:
    shlex.split(None)
except ValueError as e:
    print("None ValueError:", e)

for q in ["", "simple", "has space", "it's", "a$b", "safe@%+=:,./-_", "tab\there", "ünï"]:
    print(repr(q), "->", shlex.quote(q))
args = ["python", "-c", "print('hi')", "a b", ""]
print(shlex.join(args))
print(shlex.split(shlex.join(args)) == args)

lex = shlex.shlex("a && b; c|d > out.txt (e)", punctuation_chars=True)
print(list(lex))
lex = shlex.shlex("foo = bar, baz(1)")
print([tok for tok in lex])
lex = shlex.shlex('one "two three" four', posix=True)
lex.whitespace_split = True
print(lex.get_token(), lex.get_token())
lex.push_token("pushed")
print(lex.get_token(), lex.get_token(), lex.get_token(), lex.lineno)
lex = shlex.shlex("x\ny\nz", posix=True)
toks = []
for t in lex:
    toks.append((t, lex.lineno))
print(toks)
