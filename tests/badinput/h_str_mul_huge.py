# badinput: str mul huge (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: OverflowError: repeated string is too long
s = "ab" * (2**62)
