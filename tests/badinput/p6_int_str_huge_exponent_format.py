# badinput: int str huge exponent format (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: OverflowError: int too large to convert to float
print(f'{10 ** 5000:e}'[:10])
print(f'{10 ** 5000:d}'[:10])
