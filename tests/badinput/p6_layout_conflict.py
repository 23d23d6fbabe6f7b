# badinput: layout conflict (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: multiple bases have instance lay-out conflict
class C(int, str):
    pass
