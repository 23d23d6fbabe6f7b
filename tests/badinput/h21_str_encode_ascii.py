# badinput: encoding non-ASCII as ASCII
# expect-exit: 1
# expect-stderr: UnicodeEncodeError: 'ascii' codec can't encode character '\xe9' in position 0: ordinal not in range(128)
'\xe9'.encode('ascii')
