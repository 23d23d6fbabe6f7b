# badinput: str getitem huge neg (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: IndexError: cannot fit 'int' into an index-sized integer
'abc'[-10 ** 30]
