# badinput: raise ... from None hides the context
# expect-exit: 1
# expect-stderr: ValueError: bad key
try:
    {}['k']
except KeyError:
    raise ValueError('bad key') from None
