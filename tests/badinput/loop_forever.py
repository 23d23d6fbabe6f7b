# badinput: while True: pass stops at the budget
# kiln-args: --max-instructions 1000000
# expect-exit: 1
# expect-stderr: KilnLimitError: instruction budget of 1000000 exhausted
while True:
    pass
