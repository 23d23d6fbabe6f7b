# badinput: list() of an endless generator stops at the budget
# kiln-args: --max-instructions 1000000
# expect-exit: 1
# expect-stderr: KilnLimitError
def g():
    while True:
        yield 1
list(g())
