# badinput: adding a list to a WeakSet
# expect-exit: 1
# expect-stderr: TypeError: cannot create weak reference to 'list' object
import weakref
s = weakref.WeakSet()
s.add([1])
