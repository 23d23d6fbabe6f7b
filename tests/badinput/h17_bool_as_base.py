# badinput: subclassing bool
# expect-exit: 1
# expect-stderr: TypeError: type 'bool' is not an acceptable base type
class X(bool): pass
