# badinput: an endless loop in a finally block after the budget ran out
# kiln-args: --max-instructions 500000
# expect-exit: 1
# expect-stderr: KilnLimitError
try:
    while True:
        pass
finally:
    while True:
        pass
