# badinput: encoding non-ASCII as ascii
# expect-exit: 1
# expect-stderr: UnicodeEncodeError: 'ascii' codec can't encode character '\xe9' in position 3: ordinal not in range(128)
b = 'caf\u00e9'.encode('ascii')
