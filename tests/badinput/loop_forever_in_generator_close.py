# badinput: a generator that loops forever when closed
# kiln-args: --max-instructions 500000
# expect-exit: 1
# expect-stderr: KilnLimitError
def g():
    try:
        yield 1
    finally:
        while True:
            pass
it = g()
next(it)
it.close()
