# badinput: an uncaught group whose part has a cause cycle: each exception printed once (h14 sweep)
# expect-exit: 1
# expect-stderr: +------------------------------------
a = ValueError('a')
b = TypeError('b')
a.__cause__ = b
b.__cause__ = a
raise ExceptionGroup('g', [a])
