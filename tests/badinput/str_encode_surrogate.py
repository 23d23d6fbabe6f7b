# badinput: encoding a lone surrogate to UTF-8 is CPython's UnicodeEncodeError (wrote invalid UTF-8)
# expect-exit: 1
# expect-stderr: UnicodeEncodeError: 'utf-8' codec can't encode character '\ud800' in position 0: surrogates not allowed
print('\ud800'.encode('utf-8'))
