# badinput: getattr non str
# expect-exit: 1
# expect-stderr: TypeError: attribute name must be string, not 'int'
getattr(1, 5)
