# badinput: unicode surrogate (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: UnicodeEncodeError: 'utf-8' codec can't encode character '\ud800' in position 0: surrogates not allowed
print("\ud800".encode("utf-8"))
