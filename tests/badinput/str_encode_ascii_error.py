# badinput: str encode ascii error (issue 31 sweep)
# expect-exit: 1
# expect-stderr: UnicodeEncodeError: 'ascii' codec can't encode character '\xe9' in position 3: ordinal not in range(128)
print('caf\u00e9'.encode('ascii'))
