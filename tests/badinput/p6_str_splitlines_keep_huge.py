# badinput: str splitlines keep huge (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 0
# expect-stdout: 1000000
print(len(('a\n' * 10 ** 6).splitlines()))
