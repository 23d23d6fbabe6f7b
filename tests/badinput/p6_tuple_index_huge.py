# badinput: tuple index huge (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: IndexError: cannot fit 'int' into an index-sized integer
(1,)[10 ** 30]
