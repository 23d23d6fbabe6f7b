# badinput: '%*d' whose width argument is a str
# expect-exit: 1
# expect-stderr: TypeError: * wants int
"%*d" % ("5", 1)
