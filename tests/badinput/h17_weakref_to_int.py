# badinput: a weak reference to an int
# expect-exit: 1
# expect-stderr: TypeError: cannot create weak reference to 'int' object
import weakref
weakref.ref(1)
