# badinput: ljust with a negative width returns the string
# expect-exit: 0
# expect-stdout: 'ab' b'ab'
print(repr("ab".ljust(-5)), repr(b"ab".rjust(-1)))
