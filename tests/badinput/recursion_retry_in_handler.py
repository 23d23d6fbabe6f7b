# badinput: a handler recurses again on every RecursionError (exponential): the budget ends it
# kiln-args: --max-instructions 150000
# expect-exit: 1
# expect-stderr: KilnLimitError
def f():
    try:
        f()
    except RecursionError:
        f()
f()
