# badinput: subclassing range
# expect-exit: 1
# expect-stderr: TypeError: type 'range' is not an acceptable base type
class R(range):
    pass
