# badinput: Python misuse: max key raises
# expect-exit: 1
# expect-stderr: ZeroDivisionError: division by zero
max([1, 2], key=lambda x: 1 / 0)
