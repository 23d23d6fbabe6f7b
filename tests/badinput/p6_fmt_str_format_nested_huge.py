# badinput: fmt str format nested huge (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: MemoryError
'{:{}}'.format(1, 10 ** 12)
