# badinput: base 16 parsing has no digit limit
# expect-exit: 0
# expect-stdout: 20000
print(int("f" * 5000, 16).bit_length())
