# f-strings after PEP 701 (CPython 3.12): the replacement field's expression may reuse the
# f-string's own quotes, nest f-strings to any depth, hold backslashes (in its strings), span lines
# and carry comments; format specs nest two deep. Errors are compiled from source text.
words = ['alpha', 'beta', 'gamma']
cfg = {'lr': 0.001, 'name': 'run-1', 'tags': ['a', 'b']}
print(f"{cfg["lr"]} {cfg["name"]!r} {cfg['tags'][1]}")
print(f"{"\n".join(words)}")
print(f"{'\t'.join(words)!r}")
print(f"{f"{f"{1 + 1}"}"}", f'{f'{f'{"deep"}'}'}')
print(f"{", ".join(f"{w}={len(w)}" for w in words)}")
print(f"""{
    cfg["lr"]  # the learning rate
    * 10
}""")
print(f"{len(words)
         + 1}")
width, prec = 10, 3
print(f"[{3.14159:{width}.{prec}f}] [{'x':{'>'}{width}}] [{42:{"0"}{5}d}]")
print(f"{cfg["name"]=}", f"{ words[0] = !s:>8}")
print(f'{"a" "b"}', f"{'quote' + "d"}", f"{r"\d+"}", f"{b"raw"!r}")
print(f"{{literal}} {"{braces}"} {'}'}")
print(f"{[x for x in "abc"]}", f"{ {"k": 1}["k"] }", f"{(lambda s: s * 2)("ab")}")
bad = [
    'f"{}"', 'f"{ }"', 'f"{!r}"', 'f"{:>3}"', 'f"{=}"', 'f"{x!}"', 'f"{x!z}"', 'f"{x!rr}"',
    'f"{x!r=}"', 'f"}"', 'f"{x:{y:{z:{w}}}}"', 'f"{lambda x: 1}"', 'f"{x)}"', "f'{x[\"a\"}'",
    'f"{x"', 'f"abc',
]
for src in bad:
    try:
        compile(src, '<fstr>', 'eval')
        print('compiled', src)
    except SyntaxError as e:
        print(src, '->', e.msg)
