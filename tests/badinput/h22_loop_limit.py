# badinput: an infinite loop under an instruction budget
# kiln-args: --max-instructions 200000
# expect-exit: 1
# expect-stderr: KilnLimitError
while True:
    pass
