# badinput: an f-string conversion other than s, r, a
# expect-exit: 1
# expect-stderr: h28_syntax_s11.py:5:12: SyntaxError: f-string: invalid conversion character 'z': expected 's', 'r', or 'a'
x = 1
print(f"{x!z}")
