# badinput: sum strings (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: sum() can't sum strings [use ''.join(seq) instead]
sum(['a'], '')
