# badinput: super bad args (issue 31 sweep)
# expect-exit: 1
# expect-stderr: TypeError: super(type, obj): obj must be an instance or subtype of type
super(int, 'x')
