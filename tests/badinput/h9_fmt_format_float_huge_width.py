# badinput: format(1.5, '99999999999') width past a C int
# expect-exit: 1
# expect-stderr: MemoryError
format(1.5, '99999999999')
