# badinput: '%*d' with a float width
# expect-exit: 1
# expect-stderr: TypeError: * wants int
'%*d' % (3.5, 1)
