# badinput: int bit length neg pow (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: OverflowError: can't convert negative int to unsigned
# expect-stdout: 65
print((-2 ** 64).bit_length())
(-1).to_bytes(1, 'big')
