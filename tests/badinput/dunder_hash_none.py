# badinput: __hash__ = None makes instances unhashable
# expect-exit: 1
# expect-stderr: TypeError: unhashable type: 'H'
class H:
    __hash__ = None
{H()}
