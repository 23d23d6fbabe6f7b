# badinput: super() with an object that is no instance of the type
# expect-exit: 1
# expect-stderr: TypeError: super(type, obj): obj must be an instance or subtype of type
super(int, "s")
