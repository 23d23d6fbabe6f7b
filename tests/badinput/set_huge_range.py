# badinput: set(range(10**12))
# kiln-args: --max-instructions 1000000
# expect-exit: 1
# expect-stderr: KilnLimitError
s = set(range(10**12))
