# badinput: '%' at the end of a format
# expect-exit: 1
# expect-stderr: ValueError: incomplete format
'abc %' % ()
