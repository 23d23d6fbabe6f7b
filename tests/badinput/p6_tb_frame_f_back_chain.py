# badinput: tb frame f back chain (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ['b', 'a', '<module>']
# expect-stdout: ['b', 'a', '<module>']
import sys
def a():
    return b()
def b():
    f = sys._getframe()
    names = []
    while f is not None:
        names.append(f.f_code.co_name)
        f = f.f_back
    return names
print(a())
raise SystemExit(a())
